import type { PanelController, PressResult } from '../model/controller';
import { ResultLine } from './ResultLine';

/**
 * The room a group's result line takes, kept whether a line is there or not: a line that
 * comes or goes (or wraps) moves no button around it. A long one scrolls inside.
 */
export function ResultSlot({
  result,
  controller,
  group,
}: {
  result: PressResult | undefined;
  controller: PanelController;
  group: string;
}) {
  return (
    <div class="mc-slot" data-result-slot={group}>
      {result ? <ResultLine result={result} controller={controller} group={group} /> : null}
    </div>
  );
}
