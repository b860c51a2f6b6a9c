// Test support for the language-model client: the fake endpoint to point it at.
export { startFakeLlm, type FakeLlm, type FakeStep, type RecordedRequest } from './fake-openai';
