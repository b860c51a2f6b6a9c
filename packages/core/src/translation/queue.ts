// Where a just-written memory is handed to be translated: the request is answered before the model is asked.

export interface TranslationQueue {
  enqueue(memoryId: string): void;
}
