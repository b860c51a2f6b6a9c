// The dashboard's front door leads to the memories.
import { redirect } from 'next/navigation';

export default function Home() {
  redirect('/memories');
}
