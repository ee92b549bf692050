import { describe, expect, it } from 'vitest';
import { parsePresetInputs, presetText } from '../../../../components/panel/model/presets';

describe('parsePresetInputs', () => {
  it('turns dollar amounts into raw units exactly, dropping empty fields', () => {
    expect(parsePresetInputs(['5', ' $10 ', '', '2.5', '1,000'])).toEqual({
      ok: true,
      presets: ['5000000', '10000000', '2500000', '1000000000'],
    });
    expect(parsePresetInputs(['0.000001'])).toEqual({ ok: true, presets: ['1'] });
  });

  it('refuses what is not an amount, zero, and more than 6 decimals', () => {
    expect(parsePresetInputs(['ten'])).toMatchObject({
      ok: false,
      message: expect.stringMatching(/ten/),
    });
    expect(parsePresetInputs(['0'])).toMatchObject({
      ok: false,
      message: expect.stringMatching(/more than \$0/),
    });
    expect(parsePresetInputs(['1.0000001'])).toMatchObject({ ok: false });
    expect(parsePresetInputs(['-5'])).toMatchObject({ ok: false });
  });

  it('keeps at least one and at most six presets', () => {
    expect(parsePresetInputs(['', ' '])).toMatchObject({
      ok: false,
      message: expect.stringMatching(/at least one/),
    });
    expect(parsePresetInputs(['1', '2', '3', '4', '5', '6', '7'])).toMatchObject({
      ok: false,
      message: expect.stringMatching(/at most 6/),
    });
  });

  it('shows a raw preset as the user would type it', () => {
    expect(presetText('10000000')).toBe('10');
    expect(presetText('2500000')).toBe('2.5');
  });
});
