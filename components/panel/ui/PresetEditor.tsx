import { useState } from 'preact/hooks';
import { type ClientErrorInfo, errorSentence, toErrorInfo } from '../../../lib/core/client/errors';
import type { PanelController } from '../model/controller';
import { MAX_PRESETS, parsePresetInputs, presetText } from '../model/presets';

/**
 * The buy presets in dollars, edited in place: Enter saves, Escape closes. An empty field
 * removes that preset. Saved through the background into the settings.
 */
export function PresetEditor({
  presets,
  controller,
  onClose,
}: {
  presets: readonly string[];
  controller: PanelController;
  onClose: () => void;
}) {
  const [texts, setTexts] = useState<string[]>(() => {
    const filled = presets.map(presetText);
    return filled.length < MAX_PRESETS ? [...filled, ''] : filled;
  });
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<ClientErrorInfo | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const parsed = parsePresetInputs(texts);
    if (!parsed.ok) {
      setProblem(`${parsed.message.charAt(0).toUpperCase()}${parsed.message.slice(1)}.`);
      return;
    }
    setProblem(null);
    setFailure(null);
    setSaving(true);
    try {
      await controller.savePresets(parsed.presets);
      onClose();
    } catch (error) {
      setFailure(toErrorInfo(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      class="mc-presets"
      aria-label="Buy presets in dollars"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <div class="mc-presets-inputs">
        {texts.map((text, index) => (
          <input
            key={index}
            type="text"
            inputMode="decimal"
            aria-label={`Preset ${index + 1} in dollars`}
            value={text}
            onInput={(event) => {
              const next = [...texts];
              next[index] = (event.currentTarget as HTMLInputElement).value;
              setTexts(next);
            }}
          />
        ))}
      </div>
      {problem ? (
        <p class="error-line" role="alert">
          {problem}
        </p>
      ) : null}
      {failure ? (
        <p class="error-line" role="alert">
          {errorSentence(failure)}
        </p>
      ) : null}
      <div class="mc-presets-actions">
        <button type="button" class="mc-small" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" class="mc-small" data-action="save-presets" disabled={saving}>
          {saving ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  );
}
