import { EXTENSION_UUID, GECKO_ID, type LaunchedFirefox } from '../../../scripts/lib/firefox';

/**
 * Firefox logs "can't establish a connection" when a WebSocket still connecting is closed.
 * Engine.IO's upgrade probe of an open session (`sid=`) is closed that way whenever the live
 * connection restarts (lock, unlock, the event page unloaded). A socket that cannot
 * connect at all fails without a session id, and the journeys check that the socket does
 * reach the websocket transport.
 */
const abortedUpgrade = (e: ConsoleEntry): boolean =>
  e.category === 'Web Socket' && /transport=websocket&sid=/.test(e.message);

/** One message of the browser's console that concerns the add-on. */
export interface ConsoleEntry {
  kind: 'script-error' | 'console-api';
  level: string;
  message: string;
  source: string;
  category: string;
  /** Where in `source`, for a script error: `line:column`, and its stack when Firefox kept one. */
  at?: string;
}

/**
 * What the tests do to and read from the add-on through Firefox's chrome scope: the
 * background page's lifecycle (as the browser itself unloads and wakes an idle event page)
 * and every console message of every add-on context, its background page included, where
 * no page-level listener can see them.
 */
export class AddonControl {
  constructor(private readonly chrome: LaunchedFirefox['chrome']) {}

  private extension(): string {
    return `WebExtensionPolicy.getByID(${JSON.stringify(GECKO_ID)}).extension`;
  }

  /** `running`, `suspending`, `stopped`, … as Firefox tracks the event page. */
  backgroundState(): Promise<string> {
    return this.chrome(`JSON.stringify(String(${this.extension()}.backgroundState))`);
  }

  /** Unloads the event page, as Firefox does after its idle timeout. */
  async terminateBackground(): Promise<void> {
    await this.chrome(`(async () => {
      await ${this.extension()}.terminateBackground();
      return JSON.stringify(true);
    })()`);
  }

  /**
   * Starts collecting console messages (script errors, CSP reports and `console.*` calls);
   * call once, before the add-on does anything worth watching.
   */
  async watchConsole(): Promise<void> {
    await this.chrome(`(() => {
      if (window.__mcConsole) return JSON.stringify(true);
      const seen = (window.__mcConsole = []);
      Services.console.registerListener({
        observe(m) {
          try {
            if (m instanceof Ci.nsIScriptError) {
              const warning = (m.flags & Ci.nsIScriptError.warningFlag) !== 0;
              const info = (m.flags & Ci.nsIScriptError.infoFlag) !== 0;
              seen.push({
                kind: 'script-error',
                level: warning ? 'warning' : info ? 'info' : 'error',
                message: m.errorMessage || m.message || '',
                source: m.sourceName || '',
                category: m.category || '',
                at: m.lineNumber + ':' + m.columnNumber + (m.stack ? ' ' + String(m.stack) : ''),
              });
            }
          } catch {}
        },
      });
      Services.obs.addObserver((subject) => {
        try {
          const e = subject.wrappedJSObject;
          seen.push({
            kind: 'console-api',
            level: String(e.level),
            message: (e.arguments || []).map((a) => { try { return String(a); } catch { return '?'; } }).join(' '),
            source: String(e.filename || '') + (e.addonId ? ' addon:' + e.addonId : ''),
            category: '',
          });
        } catch {}
      }, 'console-api-log-event');
      return JSON.stringify(true);
    })()`);
  }

  /** Everything collected so far that came from or names the add-on. */
  async consoleEntries(): Promise<ConsoleEntry[]> {
    const all = await this.chrome<ConsoleEntry[]>('JSON.stringify(window.__mcConsole || [])');
    return all.filter(
      (e) =>
        e.source.includes(EXTENSION_UUID) ||
        e.source.includes(`addon:${GECKO_ID}`) ||
        e.message.includes(EXTENSION_UUID),
    );
  }

  /**
   * The add-on's errors and CSP reports: what must stay empty. One message of Firefox's own
   * is not counted: a tab closed while its `runtime.sendMessage` was still being answered
   * makes Firefox log that the reply found the page gone ("Promise resolved (or rejected)
   * after context unloaded"). Nothing of ours failed and no one sees it: a tab may close at any time.
   */
  async problems(): Promise<ConsoleEntry[]> {
    return (await this.consoleEntries()).filter(
      (e) =>
        (e.level === 'error' ||
          /CSP|Content-Security-Policy/i.test(`${e.category} ${e.message}`)) &&
        !/^Promise (rejected|resolved) after context unloaded\b/.test(e.message) &&
        !abortedUpgrade(e),
    );
  }
}
