// @vitest-environment happy-dom
// Proves the UI kit's own rules in a DOM: the data table's states, sort order for assistive
// technology and cell labels for the phone layout; the amount field's cleaning and shares; the
// form field's wiring of hint and error; one submission at a time; the button's loading state;
// tabs with their panels; a modal that draws nothing until it first opens, then its titled frame
// (loaded then), closes from its close button and gives the focus back to what opened it; the search of the coin selector; the
// countdown's text; a QR code.
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act } from 'preact/test-utils';
import { useState, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AmountInput } from '../../../../src/app/ui/AmountInput';
import { Button } from '../../../../src/app/ui/Button';
import { countdownText } from '../../../../src/app/ui/Countdown';
import { DataTable, type DataColumn } from '../../../../src/app/ui/DataTable';
import { ConfirmDialog } from '../../../../src/app/ui/Dialog';
import { FormField, inputClassName } from '../../../../src/app/ui/FormField';
import { QrCode } from '../../../../src/app/ui/QrCode';
import { matchOptions } from '../../../../src/app/ui/SearchSelect';
import { TabPanel, Tabs } from '../../../../src/app/ui/Tabs';
import { useSubmitOnce } from '../../../../src/app/ui/useSubmitOnce';

let root: Root | null = null;
let container: HTMLElement | null = null;

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = null;
});

function render(node: ReactNode): HTMLElement {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() => root!.render(<I18nProvider i18n={i18n}>{node}</I18nProvider>));
  return container;
}

interface Row {
  name: string;
  price: string;
}

const columns: DataColumn<Row>[] = [
  { key: 'name', label: 'Market', cell: (row) => row.name, sortable: true },
  { key: 'price', label: 'Price', cell: (row) => row.price, align: 'end', hideOnPhone: true },
];

describe('DataTable', () => {
  it('says the sort order with aria-sort, labels each cell for the phone layout and calls onSort', () => {
    const onSort = vi.fn();
    const view = render(<DataTable caption="Markets" columns={columns} rows={[{ name: 'BTC', price: '1' }]} rowKey={(row) => row.name} sort={{ key: 'name', direction: 'descending' }} onSort={onSort} />);
    const headers = view.querySelectorAll('th');
    expect(headers[0]?.getAttribute('aria-sort')).toBe('descending');
    expect(headers[1]?.hasAttribute('aria-sort')).toBe(false);
    expect(view.querySelector('caption')?.textContent).toBe('Markets');
    const cells = view.querySelectorAll('td');
    expect([...cells].map((cell) => cell.getAttribute('data-label'))).toEqual(['Market', 'Price']);
    expect(cells[1]?.getAttribute('data-phone')).toBe('hidden');
    act(() => (view.querySelector('[data-testid="sort-name"]') as HTMLButtonElement).click());
    expect(onSort).toHaveBeenCalledWith('name');
  });

  it('leaves a column out on phones in a table that does not stack too: its header is marked like its cells', () => {
    const view = render(<DataTable caption="Markets" columns={columns} rows={[{ name: 'BTC', price: '1' }]} rowKey={(row) => row.name} stackOnPhone={false} testId="table" />);
    expect(view.querySelector('[data-testid="table"]')?.getAttribute('data-stack')).toBe('never');
    expect([...view.querySelectorAll('th')].map((header) => header.getAttribute('data-phone'))).toEqual([null, 'hidden']);
    expect(view.querySelectorAll('td')[1]?.getAttribute('data-phone')).toBe('hidden');
  });

  it('does not render the columns a phone does without on a phone, and brings them back on a wider screen', () => {
    const happyDOM = (window as unknown as { happyDOM: { setViewport(viewport: { width: number; height: number }): void } }).happyDOM;
    const volume = vi.fn((row: Row) => row.price);
    const phoneColumns: DataColumn<Row>[] = [columns[0]!, { ...columns[1]!, cell: volume }];
    happyDOM.setViewport({ width: 390, height: 844 });
    try {
      const table = () => <DataTable caption="Markets" columns={phoneColumns} rows={[{ name: 'BTC', price: '1' }]} rowKey={(row) => row.name} stackOnPhone={false} />;
      const view = render(table());
      expect([...view.querySelectorAll('th')].map((header) => header.textContent)).toEqual(['Market']);
      expect(view.querySelectorAll('td')).toHaveLength(1);
      expect(volume).not.toHaveBeenCalled();
      // happy-dom sends no change event to a media query list: the next render reads the new size.
      happyDOM.setViewport({ width: 1440, height: 900 });
      act(() => root!.render(<I18nProvider i18n={i18n}>{table()}</I18nProvider>));
      expect([...view.querySelectorAll('th')].map((header) => header.textContent)).toEqual(['Market', 'Price']);
      expect(volume).toHaveBeenCalled();
    } finally {
      happyDOM.setViewport({ width: 1024, height: 768 });
    }
  });

  it('shows loading, empty and error states in the table\'s place, with a retry', () => {
    const retry = vi.fn();
    let view = render(<DataTable caption="Orders" columns={columns} rows={[]} rowKey={(row) => row.name} state="loading" testId="table" />);
    expect(view.querySelector('[data-testid="table"]')?.getAttribute('data-state')).toBe('loading');
    act(() => root!.unmount());
    view = render(<DataTable caption="Orders" columns={columns} rows={[]} rowKey={(row) => row.name} empty="No orders yet." testId="table" />);
    expect(view.textContent).toContain('No orders yet.');
    act(() => root!.unmount());
    view = render(<DataTable caption="Orders" columns={columns} rows={[]} rowKey={(row) => row.name} state="error" error={{ title: 'Could not load', retry }} testId="table" />);
    expect(view.querySelector('[role="alert"]')?.textContent).toContain('Could not load');
    act(() => (view.querySelector('button') as HTMLButtonElement).click());
    expect(retry).toHaveBeenCalled();
  });

  it('pages and loads more below the rows', () => {
    const onPage = vi.fn();
    const view = render(<DataTable caption="Orders" columns={columns} rows={[{ name: 'A', price: '1' }]} rowKey={(row) => row.name} paging={{ page: 1, pageCount: 3, onPage }} />);
    expect((view.querySelector('[data-testid="page-previous"]') as HTMLButtonElement).disabled).toBe(true);
    act(() => (view.querySelector('[data-testid="page-next"]') as HTMLButtonElement).click());
    expect(onPage).toHaveBeenCalledWith(2);
  });

  it('names its pages\' parts with a screen\'s own test ids and marks a compact table', () => {
    const onPage = vi.fn();
    const testIds = { previous: 'history-previous', page: 'history-page', next: 'history-next' };
    const view = render(<DataTable caption="History" columns={columns} rows={[{ name: 'A', price: '1' }]} rowKey={(row) => row.name} paging={{ page: 2, pageCount: 3, onPage, testIds }} density="compact" testId="table" />);
    expect(view.querySelector('[data-testid="table"]')?.getAttribute('data-density')).toBe('compact');
    expect(view.querySelector('[data-testid="history-page"]')?.textContent).toBe('Page 2 of 3');
    act(() => (view.querySelector('[data-testid="history-previous"]') as HTMLButtonElement).click());
    expect(onPage).toHaveBeenCalledWith(1);
    expect(view.querySelector('[data-testid="page-next"]')).toBeNull();
    expect(view.querySelector('[data-testid="history-next"]')).not.toBeNull();
  });
});

describe('AmountInput', () => {
  function Harness({ available }: { available?: bigint }) {
    const [value, setValue] = useState('');
    return <AmountInput label="Amount" value={value} onValueChange={setValue} scale={2} unit="USDT" available={available} shares testId="amount" />;
  }

  it('cleans what is typed to the scale and fills shares of the available balance, rounded down', () => {
    const view = render(<Harness available={12_345n} />);
    const input = view.querySelector('input') as HTMLInputElement;
    const type = (text: string) => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      act(() => {
        setter.call(input, text);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      });
    };
    type('1,2399');
    expect(input.value).toBe('1.23');
    type('00abc5');
    expect(input.value).toBe('5');
    act(() => (view.querySelector('[data-testid="amount-share-25"]') as HTMLButtonElement).click());
    expect(input.value).toBe('30.86');
    act(() => (view.querySelector('[data-testid="amount-share-100"]') as HTMLButtonElement).click());
    expect(input.value).toBe('123.45');
  });

  it('lets the form work a share out itself, disables the shares while asked to, and names the parts with a screen\'s own test ids', () => {
    const onShare = vi.fn();
    const partTestIds = { input: 'order-amount', share: (percent: number) => `order-percent-${percent}` };
    let view = render(<AmountInput label="Amount" value="" onValueChange={() => undefined} scale={6} shares onShare={onShare} partTestIds={partTestIds} />);
    expect(view.querySelector('[data-testid="order-amount"]')?.tagName).toBe('INPUT');
    // Without `available` the shares still show when the form works them out; Max does not.
    expect(view.textContent).not.toContain('Max');
    act(() => (view.querySelector('[data-testid="order-percent-50"]') as HTMLButtonElement).click());
    expect(onShare).toHaveBeenCalledWith(50);
    act(() => root!.unmount());
    view = render(<AmountInput label="Amount" value="" onValueChange={() => undefined} scale={6} shares onShare={onShare} sharesDisabled partTestIds={partTestIds} />);
    expect((view.querySelector('[data-testid="order-percent-25"]') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('FormField', () => {
  it('ties the control to its label, hint and error, and marks it invalid while there is an error', () => {
    const view = render(
      <FormField label="Address" hint="A TRC20 address" error="Too short">
        {(control) => <input {...control} className={inputClassName} />}
      </FormField>,
    );
    const input = view.querySelector('input') as HTMLInputElement;
    const label = view.querySelector('label') as HTMLLabelElement;
    expect(label.htmlFor).toBe(input.id);
    const described = (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => view.querySelector(`[id="${id}"]`)?.textContent);
    expect(described).toEqual(['A TRC20 address', 'Too short']);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(view.querySelector('[role="alert"]')?.textContent).toBe('Too short');
  });
});

describe('useSubmitOnce and the loading button', () => {
  it('sends once however often it is clicked while in flight, and the button is busy meanwhile, keeping its focus', async () => {
    let release: () => void = () => undefined;
    const submit = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    function Form() {
      const { run, busy } = useSubmitOnce(submit);
      return (
        <Button loading={busy} onClick={() => void run()}>
          Place order
        </Button>
      );
    }
    const view = render(<Form />);
    const button = view.querySelector('button') as HTMLButtonElement;
    button.focus();
    act(() => button.click());
    act(() => button.click());
    expect(submit).toHaveBeenCalledTimes(1);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(document.activeElement).toBe(button);
    await act(async () => release());
    expect(button.getAttribute('aria-disabled')).toBeNull();
    expect(document.activeElement).toBe(button);
    act(() => button.click());
    expect(submit).toHaveBeenCalledTimes(2);
  });
});

describe('Tabs', () => {
  it('renders a tablist whose selected tab controls the panel that is there', () => {
    function Harness() {
      const [value, setValue] = useState('spot');
      return (
        <Tabs label="Types" value={value} onValueChange={setValue} items={[{ value: 'spot', label: 'Spot' }, { value: 'futures', label: 'Futures' }]}>
          <TabPanel value={value}>Showing {value}</TabPanel>
        </Tabs>
      );
    }
    const view = render(<Harness />);
    const tabs = view.querySelectorAll('[role="tab"]');
    expect(view.querySelector('[role="tablist"]')?.getAttribute('aria-label')).toBe('Types');
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');
    const panel = view.querySelector('[role="tabpanel"]');
    expect(panel?.id).toBe(tabs[0]?.getAttribute('aria-controls'));
    act(() => (tabs[1] as HTMLButtonElement).click());
    expect(view.querySelector('[role="tabpanel"]')?.textContent).toBe('Showing futures');
    expect(view.querySelector('[role="tabpanel"]')?.id).toBe(view.querySelectorAll('[role="tab"]')[1]?.getAttribute('aria-controls'));
    expect(view.querySelector('[role="tabpanel"]')?.getAttribute('aria-labelledby')).toBe(view.querySelectorAll('[role="tab"]')[1]?.id);
  });

  it('moves between the tabs with the arrow keys, Home and End, selecting the one reached, skipping a disabled one; only the selected tab is in the Tab order', () => {
    const chosen: string[] = [];
    function Harness() {
      const [value, setValue] = useState('a');
      return (
        <Tabs
          label="Letters"
          value={value}
          onValueChange={(next) => {
            chosen.push(next);
            setValue(next);
          }}
          items={[
            { value: 'a', label: 'A' },
            { value: 'b', label: 'B', disabled: true },
            { value: 'c', label: 'C' },
            { value: 'd', label: 'D' },
          ]}
        >
          <TabPanel value="a">Panel a</TabPanel>
          <TabPanel value="c">Panel c</TabPanel>
          <TabPanel value="d">Panel d</TabPanel>
        </Tabs>
      );
    }
    const view = render(<Harness />);
    const tab = (name: string) => [...view.querySelectorAll<HTMLButtonElement>('[role="tab"]')].find((entry) => entry.textContent === name)!;
    const press = (key: string) => act(() => void (document.activeElement as HTMLElement).dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true })));
    expect([...view.querySelectorAll('[role="tab"]')].map((entry) => entry.getAttribute('tabindex'))).toEqual(['0', '-1', '-1', '-1']);
    expect(view.querySelectorAll('[role="tabpanel"]')).toHaveLength(1);
    act(() => tab('A').focus());
    press('ArrowRight');
    expect(document.activeElement).toBe(tab('C'));
    expect(tab('C').getAttribute('aria-selected')).toBe('true');
    expect(tab('C').getAttribute('data-state')).toBe('active');
    expect(tab('A').getAttribute('tabindex')).toBe('-1');
    expect(view.querySelector('[role="tabpanel"]')?.textContent).toBe('Panel c');
    press('End');
    expect(document.activeElement).toBe(tab('D'));
    press('ArrowRight');
    expect(document.activeElement).toBe(tab('A'));
    press('ArrowLeft');
    expect(document.activeElement).toBe(tab('D'));
    press('Home');
    expect(document.activeElement).toBe(tab('A'));
    expect(view.querySelector('[role="tabpanel"]')?.textContent).toBe('Panel a');
    expect(chosen).toEqual(['c', 'd', 'a', 'd', 'a']);
  });
});

describe('ConfirmDialog', () => {
  it('draws nothing while closed; once opened, its titled frame (loaded then), which closes from its close button and gives the focus back to its opener', async () => {
    function Harness({ onConfirm }: { onConfirm: () => void }) {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" data-testid="cancel-all" onClick={() => setOpen(true)}>
            Cancel all
          </button>
          <ConfirmDialog open={open} onOpenChange={setOpen} title="Cancel 3 orders?" confirmLabel="Cancel orders" onConfirm={onConfirm} testId="confirm" />
        </>
      );
    }
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    const opener = document.querySelector('[data-testid="cancel-all"]') as HTMLButtonElement;
    opener.focus();
    await act(async () => {
      opener.click();
      await import('../../../../src/app/ui/DialogFrame'); // what the first open loads
    });
    // lazy draws it in a render after the load has settled
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    const dialog = document.querySelector('[role="dialog"]') as HTMLElement;
    expect(document.getElementById(dialog.getAttribute('aria-labelledby') ?? '')?.textContent).toBe('Cancel 3 orders?');
    expect(dialog.contains(document.activeElement)).toBe(true);
    await act(async () => (document.querySelector('[data-testid="confirm-close"]') as HTMLButtonElement).click());
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(onConfirm).not.toHaveBeenCalled();
    // Back to what opened it, from the timer in which Radix's focus scope lets go.
    await vi.waitFor(() => expect(document.activeElement).toBe(opener));
    await act(async () => (document.querySelector('[data-testid="cancel-all"]') as HTMLButtonElement).click());
    expect(document.querySelector('[role="dialog"]')).not.toBeNull(); // loaded once: the second open draws at once
    await act(async () => (document.querySelector('[data-testid="confirm-confirm"]') as HTMLButtonElement).click());
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });
});

describe('pure helpers', () => {
  it('finds options whose words start with the search ("eth" is Ethereum, not Tether)', () => {
    const options = [
      { value: 'USDT', label: 'USDT', description: 'Tether' },
      { value: 'ETH', label: 'ETH', description: 'Ethereum' },
      { value: 'BTC', label: 'BTC', description: 'Bitcoin' },
    ];
    expect(matchOptions(options, 'eth').map((option) => option.value)).toEqual(['ETH']);
    expect(matchOptions(options, ' ').map((option) => option.value)).toEqual(['USDT', 'ETH', 'BTC']);
    expect(matchOptions(options, 'bit coin')).toEqual([]);
  });

  it('writes the time left as seconds, minutes:seconds or hours:minutes:seconds', () => {
    expect(countdownText(45_000)).toBe('45s');
    expect(countdownText(44_001)).toBe('45s');
    expect(countdownText(245_000)).toBe('4:05');
    expect(countdownText(3_723_000)).toBe('1:02:03');
    expect(countdownText(-5)).toBe('0s');
  });

  it('draws a QR code as one path of modules, named by the text it holds', () => {
    const view = render(<QrCode value="TXYZ123" label="Deposit address TXYZ123" />);
    const svg = view.querySelector('svg') as SVGSVGElement;
    expect(svg.getAttribute('aria-label')).toBe('Deposit address TXYZ123');
    expect(svg.querySelector('path')?.getAttribute('d')?.length).toBeGreaterThan(100);
  });
});
