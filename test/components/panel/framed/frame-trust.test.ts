// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import {
  frameNonce,
  frameSrc,
  newFrameNonce,
} from '../../../../components/panel/framed/frame-nonce';
import {
  FRAME_REPLACED_ATTRIBUTE,
  watchFrameLoads,
} from '../../../../components/panel/framed/frame-replaced';

describe('the frame nonce', () => {
  it('goes in the URL fragment and is read back by the frame; anything else is no nonce', () => {
    const nonce = newFrameNonce();
    expect(newFrameNonce()).not.toBe(nonce);
    const src = frameSrc('chrome-extension://x/panel-frame.html', nonce);
    expect(frameNonce(new URL(src).hash)).toBe(nonce);
    expect(frameNonce('')).toBeNull();
    expect(frameNonce('#forged')).toBeNull();
  });
});

describe('watchFrameLoads', () => {
  it('lets the first load be, and calls a second one (the page navigated the frame) a replacement', () => {
    const frame = document.createElement('iframe');
    let replaced = 0;
    watchFrameLoads(frame, () => {
      replaced += 1;
    });
    frame.dispatchEvent(new Event('load'));
    expect(replaced).toBe(0);
    frame.dispatchEvent(new Event('load'));
    expect(replaced).toBe(1);
    expect(document.querySelector(`[${FRAME_REPLACED_ATTRIBUTE}]`)).toBeNull();
  });
});
