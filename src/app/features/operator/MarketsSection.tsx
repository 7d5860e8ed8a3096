/**
 * The console's markets (issue 21): every spot market with its status, fees and minimum order
 * value; a change dialog (suspend: cancel-only; resume; delist: its open orders are cancelled and
 * their funds released, for good; fees, minimum, test-only); adding a market that trades at once;
 * and the fee tiers by VIP level. Everything goes through the operator API, as the CLI's
 * `markets` command does, and lands in the audit log.
 */
import { useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import {
  operatorFeeTiersCall,
  operatorFeeTiersSetCall,
  operatorMarketAddCall,
  operatorMarketsCall,
  operatorMarketUpdateCall,
  type FeeTier,
  type MarketStatusName,
  type OperatorMarket,
} from '../../../shared/api/operator-config';
import { VIP_LEVEL_MAX } from '../../../shared/api/operator';
import { ApiError } from '../../../shared/client/client';
import { ERROR_TOAST_MS } from '../../../shared/constants';
import { callApi } from '../../api/client';
import { showToast } from '../../state/hub-store';
import { Badge, type BadgeTone } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Controls';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { FormField, inputClassName } from '../../ui/FormField';
import { Panel } from '../../ui/Panel';
import { Select } from '../../ui/Select';
import { ChangeDialog, type ChangeValue } from './ChangeDialog';
import { percentAsPpm, ppmAsPercent } from './feePercent';
import { operatorFormRefusal } from './formRefusal';
import { usePanelRead } from './panelRead';
import styles from './operator.module.css';

/** A percentage the server would refuse, shown under its field as the server's own refusals are. */
function feeOrRefuse(text: string, key: string, message: string): number {
  const ppm = percentAsPpm(text);
  if (ppm === null) throw new ApiError(400, message, 400, true, { [key]: message });
  return ppm;
}

function useStatusText() {
  const { t } = useLingui();
  const texts: Record<MarketStatusName, { text: string; tone: BadgeTone }> = {
    active: { text: t`Trading`, tone: 'success' },
    suspended: { text: t`Suspended`, tone: 'warning' },
    delisted: { text: t`Delisted`, tone: 'neutral' },
  };
  return (status: MarketStatusName) => texts[status];
}

export function MarketsSection() {
  const { t } = useLingui();
  const statusText = useStatusText();
  const [markets, reload] = usePanelRead(() => callApi(operatorMarketsCall), 'the markets');
  const [editing, setEditing] = useState<OperatorMarket | null>(null);

  const columns: DataColumn<OperatorMarket>[] = [
    {
      key: 'symbol',
      label: t`Market`,
      cell: (market) => (
        <>
          {market.symbol.replace('_', '/')}
          {market.testOnly ? (
            <>
              {' '}
              <Badge tone="info">{t`Test only`}</Badge>
            </>
          ) : null}
        </>
      ),
    },
    { key: 'status', label: t`Status`, cell: (market) => <Badge tone={statusText(market.status).tone}>{statusText(market.status).text}</Badge> },
    { key: 'maker', label: t`Maker fee`, align: 'end', cell: (market) => `${ppmAsPercent(market.makerFeePpm)} %` },
    { key: 'taker', label: t`Taker fee`, align: 'end', cell: (market) => `${ppmAsPercent(market.takerFeePpm)} %` },
    { key: 'minimum', label: t`Minimum order`, align: 'end', cell: (market) => `${market.minOrderValue} ${market.quoteSymbol}`, hideOnPhone: true },
    {
      key: 'change',
      label: t`Actions`,
      align: 'end',
      cell: (market) => (
        <Button size="small" variant="secondary" disabled={market.status === 'delisted'} onClick={() => setEditing(market)} aria-label={t`Change ${market.symbol}`} data-testid="market-edit">
          {t`Change`}
        </Button>
      ),
    },
  ];

  return (
    <div className={styles.section} data-testid="operator-markets">
      <Panel title={t`Spot markets`}>
        <DataTable
          caption={t`Spot markets`}
          columns={columns}
          rows={markets.state === 'ready' ? markets.value : []}
          rowKey={(market) => market.id}
          rowProps={(market) => ({ 'data-testid': 'market-row', 'data-symbol': market.symbol })}
          state={markets.state === 'failed' ? 'error' : markets.state}
          error={{ title: t`The markets could not be loaded.`, retry: () => void reload() }}
          empty={t`No spot market yet.`}
          testId="markets-table"
        />
      </Panel>
      <div className={styles.columns}>
        <AddMarketPanel onAdded={() => void reload()} />
        <FeeTiersPanel />
      </div>
      {editing ? <MarketDialog market={editing} onClose={() => setEditing(null)} onSaved={() => void reload()} /> : null}
    </div>
  );
}

function MarketDialog({ market, onClose, onSaved }: { market: OperatorMarket; onClose: () => void; onSaved: () => void }) {
  const { t } = useLingui();
  const statusText = useStatusText();
  const notPercent = t`A percentage from 0 to 10 with at most four decimals.`;
  const save = async (changes: Record<string, ChangeValue>) => {
    const { makerFeePpm, takerFeePpm, ...rest } = changes;
    const body = {
      ...rest,
      ...(makerFeePpm === undefined ? {} : { makerFeePpm: feeOrRefuse(String(makerFeePpm), 'makerFeePpm', notPercent) }),
      ...(takerFeePpm === undefined ? {} : { takerFeePpm: feeOrRefuse(String(takerFeePpm), 'takerFeePpm', notPercent) }),
    };
    const answer = await callApi(operatorMarketUpdateCall, { query: { id: market.id }, body: body as never });
    if (answer === false) return false;
    showToast(
      answer.market.status === 'delisted' ? t`${market.symbol} is delisted; ${answer.cancelledOrders} open orders were cancelled.` : t`${market.symbol} is changed.`,
      ERROR_TOAST_MS,
      'success',
    );
    onSaved();
    return true;
  };
  return (
    <ChangeDialog
      title={t`Change ${market.symbol}`}
      description={t`Suspended markets take cancels but no new orders. Delisting cancels every open order, releases its funds and cannot be undone.`}
      testId="market-dialog"
      onClose={onClose}
      onSave={save}
      fields={[
        { key: 'status', label: t`Status`, value: market.status, options: (['active', 'suspended', 'delisted'] as const).map((status) => ({ value: status, label: statusText(status).text })) },
        { key: 'makerFeePpm', label: t`Maker fee (%)`, value: ppmAsPercent(market.makerFeePpm) },
        { key: 'takerFeePpm', label: t`Taker fee (%)`, value: ppmAsPercent(market.takerFeePpm) },
        { key: 'minOrderValue', label: t`Minimum order value (${market.quoteSymbol})`, value: market.minOrderValue },
        { key: 'testOnly', label: t`Only test accounts see it`, value: market.testOnly },
      ]}
    />
  );
}

interface NewMarket {
  base: string;
  quote: string;
  pricePrecision: string;
  volumePrecision: string;
  minOrderValue: string;
  makerFee: string;
  takerFee: string;
  baseScale: string;
  quoteScale: string;
  testOnly: boolean;
}

const NEW_MARKET: NewMarket = { base: '', quote: 'USDT', pricePrecision: '2', volumePrecision: '4', minOrderValue: '1', makerFee: '0.08', takerFee: '0.1', baseScale: '', quoteScale: '', testOnly: false };

function AddMarketPanel({ onAdded }: { onAdded: () => void }) {
  const { t } = useLingui();
  const [form, setForm] = useState<NewMarket>(NEW_MARKET);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const notPercent = t`A percentage from 0 to 10 with at most four decimals.`;
  const set = (key: keyof NewMarket) => (value: string | boolean) => setForm((current) => ({ ...current, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setErrors({});
    setFormError(null);
    try {
      const answer = await callApi(operatorMarketAddCall, {
        body: {
          base: form.base,
          quote: form.quote,
          pricePrecision: Number(form.pricePrecision),
          volumePrecision: Number(form.volumePrecision),
          minOrderValue: form.minOrderValue,
          makerFeePpm: feeOrRefuse(form.makerFee, 'makerFeePpm', notPercent),
          takerFeePpm: feeOrRefuse(form.takerFee, 'takerFeePpm', notPercent),
          testOnly: form.testOnly,
          ...(form.baseScale === '' ? {} : { baseScale: Number(form.baseScale) }),
          ...(form.quoteScale === '' ? {} : { quoteScale: Number(form.quoteScale) }),
        },
      });
      if (answer !== false) {
        showToast(t`${answer.symbol} is added and trades now.`, ERROR_TOAST_MS, 'success');
        setForm(NEW_MARKET);
        onAdded();
      }
    } catch (error) {
      const refusal = operatorFormRefusal(error, t`The server could not be reached. Nothing was changed.`);
      setErrors(refusal.fields);
      setFormError(refusal.form);
    } finally {
      setSaving(false);
    }
  };

  const text = (key: keyof NewMarket, label: string, errorKey: string, hint?: string) => (
    <FormField label={label} hint={hint} error={errors[errorKey] ?? null} className={styles.grow}>
      {(control) => <input {...control} className={inputClassName} value={String(form[key])} onChange={(event) => set(key)(event.target.value)} data-testid={`market-add-${key}`} />}
    </FormField>
  );
  return (
    <Panel title={t`Add a market`}>
      <form className={styles.form} onSubmit={(event) => void submit(event)} data-testid="market-add">
        <div className={`${styles.row} ${styles.rowTop}`}>
          {text('base', t`Base currency`, 'base')}
          {text('quote', t`Quote currency`, 'quote')}
        </div>
        <div className={`${styles.row} ${styles.rowTop}`}>
          {text('pricePrecision', t`Price decimals`, 'pricePrecision')}
          {text('volumePrecision', t`Amount decimals`, 'volumePrecision')}
        </div>
        <div className={`${styles.row} ${styles.rowTop}`}>
          {text('minOrderValue', t`Minimum order value`, 'minOrderValue', t`In the quote currency.`)}
          {text('makerFee', t`Maker fee (%)`, 'makerFeePpm')}
          {text('takerFee', t`Taker fee (%)`, 'takerFeePpm')}
        </div>
        <div className={`${styles.row} ${styles.rowTop}`}>
          {text('baseScale', t`Base currency decimals`, 'baseScale', t`Only for a currency the platform does not have yet.`)}
          {text('quoteScale', t`Quote currency decimals`, 'quoteScale', t`Only for a currency the platform does not have yet.`)}
        </div>
        <Checkbox checked={form.testOnly} onCheckedChange={set('testOnly')} label={t`Only test accounts see it`} testId="market-add-testOnly" />
        {formError ? <p className={styles.problems}>{formError}</p> : null}
        <div className={styles.actions}>
          <Button type="submit" disabled={saving || form.base.trim() === ''} data-testid="market-add-submit">
            {t`Add the market`}
          </Button>
        </div>
      </form>
    </Panel>
  );
}

function FeeTiersPanel() {
  const { t } = useLingui();
  const [tiers, reload, setTiers] = usePanelRead(() => callApi(operatorFeeTiersCall), 'the fee tiers');
  const [vipLevel, setVipLevel] = useState('1');
  const [maker, setMaker] = useState('0.06');
  const [taker, setTaker] = useState('0.08');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const notPercent = t`A percentage from 0 to 10 with at most four decimals.`;
  const current = tiers.state === 'ready' ? tiers.value : [];

  const send = async (next: FeeTier[]) => {
    setErrors({});
    try {
      const answer = await callApi(operatorFeeTiersSetCall, { body: { tiers: next } });
      if (answer !== false) setTiers({ state: 'ready', value: answer });
    } catch (error) {
      setErrors(operatorFormRefusal(error, t`The server could not be reached. Nothing was changed.`).fields);
    }
  };
  const add = (event: FormEvent) => {
    event.preventDefault();
    const makerPpm = percentAsPpm(maker);
    const takerPpm = percentAsPpm(taker);
    if (makerPpm === null || takerPpm === null) {
      setErrors({ ...(makerPpm === null ? { maker: notPercent } : {}), ...(takerPpm === null ? { taker: notPercent } : {}) });
      return;
    }
    const level = Number(vipLevel);
    void send([...current.filter((tier) => tier.vipLevel !== level), { vipLevel: level, makerFeePpm: makerPpm, takerFeePpm: takerPpm }]);
  };
  const columns: DataColumn<FeeTier>[] = [
    { key: 'vip', label: t`From VIP level`, cell: (tier) => tier.vipLevel },
    { key: 'maker', label: t`Maker fee`, align: 'end', cell: (tier) => `${ppmAsPercent(tier.makerFeePpm)} %` },
    { key: 'taker', label: t`Taker fee`, align: 'end', cell: (tier) => `${ppmAsPercent(tier.takerFeePpm)} %` },
    {
      key: 'remove',
      label: t`Actions`,
      align: 'end',
      cell: (tier) => (
        <Button size="small" variant="ghost" onClick={() => void send(current.filter((other) => other.vipLevel !== tier.vipLevel))} aria-label={t`Remove the tier of VIP level ${tier.vipLevel}`}>
          {t`Remove`}
        </Button>
      ),
    },
  ];
  return (
    <Panel title={t`Fee tiers by VIP level`}>
      <div className={styles.section}>
        <p className={styles.muted}>{t`A user pays the lower of a market's fee and the fee of the highest tier at or below their VIP level. Without tiers everyone pays the market's fees.`}</p>
        <DataTable
          caption={t`Fee tiers by VIP level`}
          columns={columns}
          rows={current}
          rowKey={(tier) => tier.vipLevel}
          state={tiers.state === 'failed' ? 'error' : tiers.state}
          error={{ title: t`The fee tiers could not be loaded.`, retry: () => void reload() }}
          empty={t`No fee tiers: everyone pays the market's fees.`}
          stackOnPhone={false}
          density="compact"
          testId="fee-tiers"
        />
        <form className={`${styles.row} ${styles.rowTop}`} onSubmit={add} data-testid="fee-tier-add">
          <FormField label={t`VIP level`} className={styles.grow}>
            {(control) => (
              <Select {...control} value={vipLevel} onValueChange={setVipLevel} options={Array.from({ length: VIP_LEVEL_MAX + 1 }, (_, level) => ({ value: String(level), label: String(level) }))} />
            )}
          </FormField>
          <FormField label={t`Maker fee (%)`} error={errors.maker ?? null} className={styles.grow}>
            {(control) => <input {...control} className={inputClassName} inputMode="decimal" value={maker} onChange={(event) => setMaker(event.target.value)} />}
          </FormField>
          <FormField label={t`Taker fee (%)`} error={errors.taker ?? null} className={styles.grow}>
            {(control) => <input {...control} className={inputClassName} inputMode="decimal" value={taker} onChange={(event) => setTaker(event.target.value)} />}
          </FormField>
          <Button type="submit" variant="secondary">
            {t`Save the tier`}
          </Button>
        </form>
      </div>
    </Panel>
  );
}
