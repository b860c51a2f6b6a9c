// Next.js settings: workspace packages are compiled from source, and no telemetry leaves the machine.
import type { NextConfig } from 'next';

const config: NextConfig = {
  transpilePackages: ['@svc/contract', '@svc/errors'],
  poweredByHeader: false,
};

export default config;
