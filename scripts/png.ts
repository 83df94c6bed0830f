import { execFileSync } from 'node:child_process';

/** Shrinks the PNG at `path` in place with pngquant where it is installed (the README's screenshots); otherwise leaves it. */
export function quantize(path: string): void {
  try {
    execFileSync('pngquant', ['--quality=70-95', '--speed=1', '--strip', '--force', '--output', path, path]);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    console.log('pngquant not found: the PNG stays as Chromium wrote it');
  }
}

/** Screenshots `target` (a Playwright locator or page) to `path`, animations off, then shrinks and names the file. */
export async function shoot(target: { screenshot(o: { path: string; animations: 'disabled' }): Promise<unknown> }, path: string): Promise<void> {
  await target.screenshot({ path, animations: 'disabled' });
  quantize(path);
  console.log(`wrote ${path}`);
}
