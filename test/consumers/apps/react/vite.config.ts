import { defineConfig } from 'vite';

// React's automatic JSX runtime, with no plugin beyond Vite's own transform.
export default defineConfig({ oxc: { jsx: { runtime: 'automatic' } } });
