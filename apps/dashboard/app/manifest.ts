// The web app manifest: name and icons for a home screen or an app launcher.
import type { MetadataRoute } from 'next';

export default function manifest(): MetadataRoute.Manifest {
  return {
    name: 'Memory service',
    short_name: 'Memory',
    start_url: '/memories',
    display: 'standalone',
    background_color: '#f6f7f9',
    theme_color: '#1f5fbf',
    icons: [
      { src: '/icon.svg', type: 'image/svg+xml', sizes: 'any' },
      { src: '/icons/icon-192.png', type: 'image/png', sizes: '192x192' },
      { src: '/icons/icon-512.png', type: 'image/png', sizes: '512x512' },
    ],
  };
}
