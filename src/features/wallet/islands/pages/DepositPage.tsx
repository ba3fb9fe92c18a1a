/**
 * Deposit (spec 2.16): the brand's payment channels, an amount checked against the channel's
 * range (errors under the field), then a pending order with the payment provider whose page
 * the player is sent to (the sandbox's says that no real money moves). The wallet is credited by
 * the provider's signed callback, not by this page. Below, the player's deposit orders and their
 * status, with the way back to the payment page of an order still pending. Above the form, the
 * slot `deposit.offers` (filled by the promotions: what this deposit can still start, and what a
 * first deposit closed), so that the wallet shows them without knowing the promotions.
 */
import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { splitLocale } from '../../../../kernel/locales.ts';
import { depositChannels, depositCreate, depositOrders, type DepositOrder } from '../../contract.ts';
import type { ValueOf } from '../../../../kernel/contract.ts';
import { api } from '../../../accounts/client.ts';
import { refreshBalance } from '../../client/wallet.ts';
import { fill, localPath, useLabels, type Labels } from '../../../../shell/labels.tsx';
import { fromInput, money } from '../format.ts';
import { AmountField, amountError, errorsOf, useWalletForm } from '../form.tsx';
import { RecordTable } from '../../../../ui/lists.tsx';
import { Empty, WhenLoaded } from '../../../../ui/loaded.tsx';
import { RecordList, RefreshButton, usePagedRecords } from '../records.tsx';
import { Badge, Block, Money, useDateTime, useWallet, useWalletLoad, type FieldMap } from '../ui.tsx';
import { CentreSlot } from '../../../../shell/member-centre/slots.tsx';

type Channels = ValueOf<typeof depositChannels>;

export default function DepositPage() {
  const channels = useWalletLoad(() => api().call(depositChannels), 'channels');
  const [ordersVersion, setOrdersVersion] = useState(0);
  // Back from the provider's page: /member?page=deposit&order=<id> names the order just answered.
  const [returned] = useState(() => new URLSearchParams(window.location.search).get('order'));
  useEffect(() => {
    // Coming back from the payment page: the callback may have credited the wallet meanwhile.
    void refreshBalance();
  }, []);
  return (
    <div className="wl-page">
      <CentreSlot name="deposit.offers" props={{ version: ordersVersion, returned }} />
      <WhenLoaded loaded={channels}>{(data) => <DepositForm channels={data} onCreated={() => setOrdersVersion((v) => v + 1)} />}</WhenLoaded>
      <Orders version={ordersVersion} returned={returned} channels={channels.data?.channels ?? []} />
    </div>
  );
}

/** Where the server's refusals of a deposit go. */
const DEPOSIT_FIELDS: FieldMap<'channel' | 'amount'> = {
  byName: { amount: 'amount', channel: 'channel' },
  byCode: [
    ['wallet.amount', 'amount'],
    ['wallet.channel', 'channel'],
  ],
};

function DepositForm({ channels, onCreated }: { channels: Channels; onCreated: () => void }) {
  const w = useWallet();
  const labels = useLabels();
  const fmt = (amount: string) => money(amount, channels.currencySymbol, labels.lang);
  const ids = useId();
  const [code, setCode] = useState(channels.channels[0]?.code ?? '');
  const [amount, setAmount] = useState('');
  const form = useWalletForm(DEPOSIT_FIELDS);
  const { errors } = form;
  const channel = channels.channels.find((c) => c.code === code) ?? null;

  if (channels.channels.length === 0) return <Empty>{w.deposit.noChannels}</Empty>;

  const onSubmit = (ev: SubmitEvent<HTMLFormElement>) => {
    const payload = { amount: fromInput(amount, labels.lang), channel: code };
    return form.submit(ev, {
      check: () =>
        errorsOf({
          channel: channel ? undefined : w.deposit.pickChannel,
          amount: amountError(w, fmt, payload.amount, { min: channel?.min, max: channel?.max }),
        }),
      send: (keyFor) => api().call(depositCreate, { body: { ...payload, idempotencyKey: keyFor(payload) } }),
      done: (order) => {
        onCreated();
        if (order.payUrl) {
          // The provider's page, in this tab; it sends the player back to the member centre.
          window.location.assign(inPageLanguage(order.payUrl, labels));
          return;
        }
        setAmount('');
      },
    });
  };

  return (
    <form ref={form.formRef} className="auth-form" onSubmit={onSubmit} noValidate>
      <fieldset className="wl-channels" aria-describedby={errors.channel ? `${ids}-cerr` : undefined}>
        <legend>{w.deposit.channel}</legend>
        {channels.channels.map((c) => (
          <label key={c.code} className="wl-channel">
            <input type="radio" name="channel" value={c.code} checked={code === c.code} onChange={() => setCode(c.code)} />
            <span className="wl-channel-body">
              <span className="wl-channel-name">
                {c.name}
                {c.sandbox && <span className="wl-sandbox-tag">{w.deposit.sandboxTag}</span>}
              </span>
              <span className="wl-channel-range">{fill(w.deposit.range, { min: fmt(c.min), max: fmt(c.max) })}</span>
            </span>
          </label>
        ))}
        {errors.channel && (
          <p className="field-error" id={`${ids}-cerr`}>
            {errors.channel}
          </p>
        )}
      </fieldset>
      {channel?.sandbox && <p className="wl-note wl-sandbox-note">{w.deposit.sandboxNote}</p>}
      <AmountField
        label={fill(w.deposit.amount, { currency: channels.currency })}
        value={amount}
        onChange={setAmount}
        error={errors.amount}
        hint={channel ? fill(w.deposit.range, { min: fmt(channel.min), max: fmt(channel.max) }) : undefined}
      />
      <button type="submit" className="btn btn-primary btn-block" disabled={form.busy}>
        {w.deposit.submit}
      </button>
      <p className="field-hint">{w.deposit.redirect}</p>
    </form>
  );
}

/**
 * A provider's address in the page's language when it is one of this site's own pages (the
 * sandbox's /pay/sandbox); a gateway's address elsewhere stays as it is.
 */
function inPageLanguage(url: string, labels: Pick<Labels, 'prefix'>): string {
  return url.startsWith('/') && !url.startsWith('//') && splitLocale(url).path === url ? localPath(labels, url) : url;
}

const STATUS_TONE: Record<DepositOrder['status'], 'ok' | 'warn' | 'bad' | 'info'> = { pending: 'warn', paid: 'ok', failed: 'bad', expired: 'info' };

function Orders({ version, returned, channels }: { version: number; returned: string | null; channels: Channels['channels'] }) {
  const w = useWallet();
  const labels = useLabels();
  const when = useDateTime();
  const { list: orders, setPage } = usePagedRecords((query) => api().call(depositOrders, { query }), version);
  const now = Date.now();
  const back = returned ? orders.data?.content.find((o) => o.orderId === returned) : undefined;
  return (
    <Block id="wl-orders" title={w.deposit.orders} action={<RefreshButton onClick={orders.reload} />}>
      <p className="wl-returned" role="status">
        {back ? fill(w.deposit.returned, { order: back.orderId, status: w.deposit.status[back.status] }) : ''}
      </p>
      <RecordList list={orders} empty={w.deposit.ordersEmpty} onPage={setPage}>
        {(rows) => (
          <RecordTable
            rows={rows}
            rowKey={(o) => o.orderId}
            rowClass={(o) => (o.orderId === returned ? 'wl-current' : undefined)}
            columns={[
              { label: w.common.time, cell: (o) => when(o.createdAt) },
              { label: w.deposit.order, cell: (o) => o.orderId, mono: true },
              { label: w.deposit.channel, cell: (o) => channels.find((c) => c.code === o.channel)?.name ?? o.channel },
              { label: w.common.amount, cell: (o) => <Money amount={o.amount} />, num: true },
              {
                label: w.common.status,
                cell: (o) => (
                  <>
                    <Badge tone={STATUS_TONE[o.status]}>{w.deposit.status[o.status]}</Badge>
                    {o.status === 'pending' && o.payUrl && o.expiresAt > now && (
                      <a className="wl-pay-link" href={inPageLanguage(o.payUrl, labels)}>
                        {w.deposit.payNow}
                      </a>
                    )}
                  </>
                ),
              },
            ]}
          />
        )}
      </RecordList>
    </Block>
  );
}
