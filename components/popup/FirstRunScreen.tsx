import { useServices } from './services';

/** Nothing set up yet: one way forward, the options page. */
export function FirstRunScreen() {
  const { openOptions } = useServices();
  return (
    <main class="first-run">
      <h1>Welcome to Market Companion</h1>
      <p>
        Connect your exchange account to see your positions, open orders and the live trading feed
        here. It takes a minute, and your keys stay encrypted on this computer.
      </p>
      <button type="button" class="primary" onClick={openOptions}>
        Set up your account
      </button>
    </main>
  );
}
