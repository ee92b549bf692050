import { render } from 'preact';

render(<p>Market Companion</p>, document.getElementById('app') as HTMLElement);
