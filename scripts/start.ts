import { execFileSync } from 'node:child_process';

// Until the sandbox and the browser harness land, `npm start` builds the extension.
execFileSync('npx', ['wxt', 'build'], { stdio: 'inherit' });
console.log(
  '\nBuilt the Chrome extension into .output/chrome-mv3 (load it unpacked in chrome://extensions).',
);
