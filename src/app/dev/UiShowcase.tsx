/**
 * The UI kit on one page, twice: in the light theme and in the dark one, side by side on a wide
 * screen. Every component with its variants and states, live (dialogs open, tabs switch, the
 * amount field cleans what is typed), so that a screen's author sees what there is before writing
 * any CSS. Development builds only (routes/{-$locale}/dev/ui.tsx); its texts are not translated.
 */
import { useState } from 'react';
import { AmountInput } from '../ui/AmountInput';
import { Badge } from '../ui/Badge';
import { Button, ButtonLink } from '../ui/Button';
import { Checkbox, Slider, Switch } from '../ui/Controls';
import { Countdown } from '../ui/Countdown';
import { DataTable, type DataColumn, type SortDirection } from '../ui/DataTable';
import { ConfirmDialog, Dialog, Sheet } from '../ui/Dialog';
import { Drawer } from '../ui/Drawer';
import { Dropdown } from '../ui/Dropdown';
import { FormField, inputClassName } from '../ui/FormField';
import { CopyIcon, InfoIcon } from '../ui/icons';
import { ChangeBadge } from '../ui/MarketBits';
import { Menu } from '../ui/Menu';
import { Panel } from '../ui/Panel';
import { Popover } from '../ui/Popover';
import { PriceLineChart, type PricePoint } from '../ui/PriceLineChart';
import { QrCode } from '../ui/QrCode';
import { CoinSelector, NetworkSelector } from '../ui/SearchSelect';
import { Select } from '../ui/Select';
import { Stat, StatGroup } from '../ui/Stat';
import { StatusMessage } from '../ui/StatusMessage';
import { Steps } from '../ui/Steps';
import { TabPanel, Tabs } from '../ui/Tabs';
import { Tooltip } from '../ui/Tooltip';
import styles from './UiShowcase.module.css';

interface MarketRow {
  symbol: string;
  price: string;
  change: string;
  volume: number;
}

const ROWS: MarketRow[] = [
  { symbol: 'BTC/USDT', price: '90,112.50', change: '2.41', volume: 37_740_000 },
  { symbol: 'ETH/USDT', price: '2,998.87', change: '-0.74', volume: 18_490_000 },
  { symbol: 'SOL/USDT', price: '150.35', change: '0.00', volume: 7_260_000 },
];

const COINS = [
  { code: 'USDT', name: 'Tether' },
  { code: 'BTC', name: 'Bitcoin' },
  { code: 'ETH', name: 'Ethereum' },
  { code: 'SOL', name: 'Solana' },
  { code: 'DOGE', name: 'Dogecoin' },
];

const NETWORKS = [
  { id: 'trc20', name: 'TRC20', note: '20 confirmations, fee 1 USDT' },
  { id: 'erc20', name: 'ERC20', note: '12 confirmations, fee 5 USDT' },
  { id: 'bep20', name: 'BEP20', note: 'Suspended', disabled: true },
];

export default function UiShowcase() {
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>UI kit</h1>
      <div className={styles.themes}>
        <ThemeColumn theme="light" />
        <ThemeColumn theme="dark" />
      </div>
    </div>
  );
}

function ThemeColumn({ theme }: { theme: 'light' | 'dark' }) {
  return (
    <section className={styles.column} data-theme={theme} aria-label={`${theme} theme`}>
      <h2 className={styles.columnTitle}>{theme === 'light' ? 'Light' : 'Dark'}</h2>
      <Buttons />
      <Surfaces />
      <TabsAndTable />
      <Fields />
      <Overlays />
      <Controls />
      <Money />
      <LineChart />
      <States />
    </section>
  );
}

function Buttons() {
  const [loading, setLoading] = useState(false);
  return (
    <Panel title="Button">
      <div className={styles.row}>
        <Button>Primary</Button>
        <Button variant="secondary">Secondary</Button>
        <Button variant="ghost">Ghost</Button>
        <Button variant="danger">Danger</Button>
        <Button variant="buy">Buy BTC</Button>
        <Button variant="sell">Sell BTC</Button>
        <Button variant="icon" aria-label="Copy">
          <CopyIcon />
        </Button>
      </div>
      <div className={styles.row}>
        <Button size="small">Small</Button>
        <Button size="large">Large</Button>
        <Button disabled>Disabled</Button>
        <Button
          loading={loading}
          onClick={() => {
            setLoading(true);
            window.setTimeout(() => setLoading(false), 1_500);
          }}
        >
          Loading on click
        </Button>
        <ButtonLink to="/quotes" variant="secondary">
          A link that reads as an action
        </ButtonLink>
      </div>
      <Button block variant="buy">
        Block
      </Button>
    </Panel>
  );
}

function Surfaces() {
  return (
    <Panel title="Panel, Badge, Stat, Steps" actions={<Button size="small" variant="secondary">Action</Button>}>
      <div className={styles.row}>
        <Badge>Neutral</Badge>
        <Badge tone="info">Info</Badge>
        <Badge tone="success">Filled</Badge>
        <Badge tone="warning">Under review</Badge>
        <Badge tone="danger">Rejected</Badge>
        <Badge tone="brand">VIP 11</Badge>
        <Badge tone="buy">Long</Badge>
        <Badge tone="sell">Short</Badge>
      </div>
      <StatGroup label="Account">
        <Stat label="Equity" value="12,480.350 USDT" note="≈ 0.1385 BTC" />
        <Stat label="Unrealised PnL" value="+120.000 USDT" tone="up" />
        <Stat label="24h change" value="-3.20%" tone="down" />
      </StatGroup>
      <Steps
        label="Verification"
        current={1}
        steps={[
          { key: 'details', label: 'Your details' },
          { key: 'documents', label: 'Documents', note: 'Front, back and a selfie' },
          { key: 'review', label: 'Review' },
        ]}
      />
    </Panel>
  );
}

function TabsAndTable() {
  const [tab, setTab] = useState('spot');
  const [sort, setSort] = useState<{ key: string; direction: SortDirection } | null>(null);
  const columns: DataColumn<MarketRow>[] = [
    { key: 'symbol', label: 'Market', cell: (row) => <strong>{row.symbol}</strong>, sortable: true },
    { key: 'price', label: 'Last price', cell: (row) => row.price, align: 'end' },
    { key: 'change', label: '24h change', cell: (row) => <ChangeBadge changePercent={row.change} />, align: 'end', sortable: true },
    { key: 'volume', label: '24h volume', cell: (row) => `${(row.volume / 1e6).toFixed(2)}M`, align: 'end', hideOnPhone: true },
  ];
  const sorted = sort ? [...ROWS].sort((a, b) => (sort.direction === 'ascending' ? 1 : -1) * String(a[sort.key as keyof MarketRow]).localeCompare(String(b[sort.key as keyof MarketRow]), undefined, { numeric: true })) : ROWS;
  return (
    <Panel title="Tabs and DataTable" flush>
      <div className={styles.padded}>
        <Tabs
          label="Market types"
          value={tab}
          onValueChange={setTab}
          items={[
            { value: 'spot', label: 'Spot' },
            { value: 'futures', label: 'Futures' },
            { value: 'empty', label: 'Empty' },
            { value: 'loading', label: 'Loading' },
            { value: 'error', label: 'Error' },
          ]}
        >
          <TabPanel value={tab}>
            <DataTable
              caption="Markets"
              columns={columns}
              rows={tab === 'empty' || tab === 'loading' ? [] : sorted}
              rowKey={(row) => row.symbol}
              state={tab === 'loading' ? 'loading' : tab === 'error' ? 'error' : 'ready'}
              error={{ title: 'The markets could not be loaded.', retry: () => setTab('spot') }}
              empty="No markets of this type yet."
              sort={sort}
              onSort={(key) => setSort((current) => ({ key, direction: current?.key === key && current.direction === 'ascending' ? 'descending' : 'ascending' }))}
              paging={{ page: 1, pageCount: 3, onPage: () => undefined }}
            />
          </TabPanel>
        </Tabs>
        <Tabs label="Quote currency" variant="pills" value="usdt" onValueChange={() => undefined} items={[{ value: 'all', label: 'All' }, { value: 'usdt', label: 'USDT' }, { value: 'btc', label: 'BTC' }]}>
          <TabPanel value="usdt">
            <p className={styles.note}>Pills: the small filter chips.</p>
          </TabPanel>
        </Tabs>
      </div>
    </Panel>
  );
}

function Fields() {
  const [text, setText] = useState('');
  const [amount, setAmount] = useState('');
  const [price, setPrice] = useState('90112.5');
  const [coin, setCoin] = useState<string | null>('USDT');
  const [network, setNetwork] = useState<string | null>('trc20');
  const [type, setType] = useState('limit');
  return (
    <Panel title="Form fields">
      <FormField label="Address" hint="Only a TRC20 address." error={text && text.length < 10 ? 'This address is too short.' : null}>
        {(control) => <input {...control} className={inputClassName} value={text} onChange={(event) => setText(event.target.value)} placeholder="T..." />}
      </FormField>
      <AmountInput label="Amount" value={amount} onValueChange={setAmount} scale={6} unit="USDT" available={1_234_567_890n} shares hint="Available 1,234.567890 USDT" />
      <AmountInput label="Price" value={price} onValueChange={setPrice} scale={2} unit="USDT" available={9_000_000n} />
      <FormField label="Coin">{(control) => <CoinSelector {...control} coins={COINS} value={coin} onValueChange={setCoin} label="Coin" />}</FormField>
      <FormField label="Network">{(control) => <NetworkSelector {...control} networks={NETWORKS} value={network} onValueChange={setNetwork} label="Network" />}</FormField>
      <FormField label="Order type">
        {(control) => (
          <Select
            {...control}
            value={type}
            onValueChange={setType}
            options={[
              { value: 'limit', label: 'Limit' },
              { value: 'market', label: 'Market' },
            ]}
          />
        )}
      </FormField>
    </Panel>
  );
}

function Overlays() {
  const [dialog, setDialog] = useState(false);
  const [sheet, setSheet] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const [drawer, setDrawer] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <Panel title="Dialog, Sheet, ConfirmDialog, Drawer, Popover, Menu, Dropdown, Tooltip">
      <div className={styles.row}>
        <Button variant="secondary" onClick={() => setDialog(true)}>
          Dialog
        </Button>
        <Button variant="secondary" onClick={() => setSheet(true)}>
          Sheet
        </Button>
        <Button variant="secondary" onClick={() => setConfirm(true)}>
          Confirm
        </Button>
        <Button variant="secondary" onClick={() => setDrawer(true)}>
          Drawer
        </Button>
        <Popover trigger={<Button variant="secondary">Popover</Button>} label="About fees">
          <p className={styles.note}>Maker 0.08 %, taker 0.1 %.</p>
        </Popover>
        <Menu
          label="Order actions"
          trigger={<Button variant="secondary">Menu</Button>}
          items={[{ key: 'cancel', label: 'Cancel order', onSelect: () => undefined }, 'separator', { key: 'details', label: 'Details', onSelect: () => undefined }]}
        />
        <Dropdown trigger="Dropdown" chevron>
          <p className={styles.note}>The header's hover menu.</p>
        </Dropdown>
        <Tooltip content="The price one user's orders cannot move.">
          <Button variant="icon" size="small" aria-label="What is the index price?">
            <InfoIcon />
          </Button>
        </Tooltip>
      </div>
      <Dialog open={dialog} onOpenChange={setDialog} title="A dialog" description="Focus stays inside until it closes." footer={<Button onClick={() => setDialog(false)}>Done</Button>}>
        <p>Body text.</p>
      </Dialog>
      <Sheet open={sheet} onOpenChange={setSheet} title="A sheet">
        <p>Slides in from the side.</p>
      </Sheet>
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title="Close this position?"
        confirmLabel="Close position"
        confirmVariant="sell"
        busy={busy}
        onConfirm={async () => {
          setBusy(true);
          await new Promise((resolve) => window.setTimeout(resolve, 800));
          setBusy(false);
        }}
      >
        <p>BTC/USDT long 0.5 at 90,112.50.</p>
      </ConfirmDialog>
      {drawer ? (
        <Drawer label="A drawer" side="end" testId="showcase-drawer" onClose={() => setDrawer(false)}>
          <p className={styles.note}>The compact header's menus.</p>
        </Drawer>
      ) : null}
    </Panel>
  );
}

function Controls() {
  const [on, setOn] = useState(true);
  const [checked, setChecked] = useState(false);
  const [leverage, setLeverage] = useState(20);
  return (
    <Panel title="Switch, Checkbox, Slider">
      <Switch checked={on} onCheckedChange={setOn} label="Notifications" />
      <Checkbox checked={checked} onCheckedChange={setChecked} label="I have read the risk notice" />
      <Slider label="Leverage" value={leverage} onValueChange={setLeverage} min={1} max={100} marks={[1, 25, 50, 75, 100]} format={(value) => `${value}x`} />
    </Panel>
  );
}

function Money() {
  const [until] = useState(() => Date.now() + 95_000);
  return (
    <Panel title="QrCode, Countdown">
      <div className={styles.row}>
        <QrCode value="TXYZ1234567890abcdefGHIJKLmnop" label="Deposit address TXYZ1234567890abcdefGHIJKLmnop" />
        <p className={styles.note}>
          Quote expires in <Countdown until={until} />
        </p>
      </div>
    </Panel>
  );
}

/** Five minutes of a price a second, a wave with some noise, ending now. */
function samplePoints(now: number): PricePoint[] {
  return Array.from({ length: 300 }, (_, second) => ({
    at: now - (300 - second) * 1000,
    price: (90_000 + Math.sin(second / 30) * 120 + Math.cos(second / 7) * 25).toFixed(2),
  }));
}

function LineChart() {
  const [now] = useState(() => Math.floor(Date.now() / 1000) * 1000);
  const [points] = useState(() => samplePoints(now));
  return (
    <Panel title="PriceLineChart">
      <PriceLineChart
        points={points}
        pricePrecision={2}
        levels={[
          { price: '90050.00', name: 'Open', tone: 'neutral' },
          { price: '89850.00', name: 'Liquidation', tone: 'warn' },
        ]}
        marker={{ at: now + 30_000, name: 'Expiry' }}
        label="BTC/USDT index"
        height={240}
      />
      <PriceLineChart points={[]} pricePrecision={2} label="ETH/USDT index" empty="No index price yet" height={120} />
    </Panel>
  );
}

function States() {
  return (
    <Panel title="StatusMessage">
      <StatusMessage tone="loading" title="Loading" headingLevel={3} />
      <StatusMessage tone="neutral" title="Nothing here yet" detail="Your orders will show here." headingLevel={3} />
      <StatusMessage tone="error" title="This could not be loaded" detail="The server did not answer." headingLevel={3} action={{ label: 'Try again', onClick: () => undefined }} />
    </Panel>
  );
}
