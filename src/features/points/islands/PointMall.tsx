/**
 * The points mall's live part (issue 32; spec 2.16): the member's points, the items with their
 * Redeem forms (payment password, and an address for gifts), converting points to money, and the
 * redeem history. A visitor sees the items with a link to log in. The steps live in the page's
 * store (../client/mall.ts); refusals show under the field they are about.
 */
import { useEffect, useId, useState, type ReactNode, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { $member, $sessionState, api } from '../../accounts/client.ts';
import { isTrialType } from '../../accounts/contract.ts';
import { launch } from '../../play/client.ts';
import { fill } from '../../../kernel/i18n/browser.ts';
import { formatMoney } from '../../../kernel/money.ts';
import { createMall, type MallStore, type MallView } from '../client/mall.ts';
import type { MallItemView } from '../contract.ts';
import type pointsCatalogue from '../i18n/en/points.json';

export type PointsLabels = typeof pointsCatalogue;

interface Props {
  /** Does the brand convert points to money? */
  canConvert: boolean;
  labels: PointsLabels;
  lang: string;
  symbol: string;
  loginHref: string;
}

/** A labelled input with its refusal under it. */
function Input(p: {
  label: string;
  name: string;
  value: string;
  onChange: (v: string) => void;
  error: string | null;
  type?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'text';
  addon?: ReactNode;
}) {
  const id = useId();
  return (
    <div className={p.error !== null ? 'field has-error' : 'field'}>
      <label htmlFor={id}>{p.label}</label>
      <input
        id={id}
        name={p.name}
        type={p.type ?? 'text'}
        value={p.value}
        autoComplete={p.autoComplete}
        inputMode={p.inputMode}
        aria-invalid={p.error !== null}
        aria-describedby={p.error ? `${id}-err` : undefined}
        onChange={(e) => p.onChange(e.target.value)}
      />
      {p.error ? (
        <p className="field-error" id={`${id}-err`} role="alert">
          {p.error}
        </p>
      ) : null}
    </div>
  );
}

export default function PointMall({ labels: l, lang, symbol, loginHref, canConvert }: Props) {
  const session = useStore($sessionState);
  const member = useStore($member);
  const [store, setStore] = useState<MallStore | null>(null);
  // The store follows the session: made once it is known (a visitor's, or the member's).
  useEffect(() => {
    if (session === 'loading') return;
    const s = createMall({ client: api(), member: session === 'member' && !isTrialType($member.get()?.type ?? 0) });
    setStore(s);
    void s.load().catch(() => {});
  }, [session, member?.id]);
  const view = useStore(store?.$mall ?? EMPTY);
  const money = (a: string) => formatMoney(a, lang, symbol);
  const count = (n: number) => fill(n === 1 ? l.pointsCount_one : l.pointsCount, { count: n.toLocaleString(lang) });
  // Spec 7's passwordCheck: the payment password, or the login password for a member who has none.
  const usesLogin = !!member && !member.hasPaymentPassword;
  const passwordLabel = usesLogin ? l.loginPassword : l.paymentPassword;
  const passwordFill = usesLogin ? 'current-password' : 'off';
  const trial = !!member && isTrialType(member.type);
  const errorOf = (field: NonNullable<MallView['error']>['field']) => (view.error?.field === field ? view.error.text || l.required : null);
  if (!store) return null;
  return (
    <div className="pm-app">
      {view.done && (
        <p className="pm-done" role="status">
          {view.done.kind === 'redeemed' ? fill(l.redeemed, { title: view.done.title, points: view.done.points }) : fill(l.converted, { money: money(view.done.money), points: view.done.points })}
          {view.done.kind === 'redeemed' && view.done.game && (
            <button type="button" className="btn btn-primary btn-sm" onClick={() => view.done?.kind === 'redeemed' && view.done.game && launch(view.done.game, { accountType: '1' })}>
              {fill(l.play, { game: view.done.on ?? '' })}
            </button>
          )}
        </p>
      )}
      {view.points !== null && (
        <section className="pm-mine" aria-labelledby="pm-mine">
          <h2 id="pm-mine">{l.yourPoints}</h2>
          <p className="pm-points">{count(view.points)}</p>
          {canConvert && <ConvertForm store={store} l={l} errorOf={errorOf} busy={view.busy} passwordLabel={passwordLabel} passwordFill={passwordFill} />}
          {member && !member.hasPaymentPassword && <p className="muted">{l.noPasswordHint}</p>}
        </section>
      )}
      {trial && <p className="muted">{l.trial}</p>}
      <section aria-labelledby="pm-items">
        <h2 id="pm-items">{l.itemsTitle}</h2>
        {view.items === null ? null : view.items.length === 0 ? (
          <p className="muted">{l.none}</p>
        ) : (
          <ul className="pm-items">
            {view.items.map((i) => (
              <Item
                key={i.id}
                i={i}
                l={l}
                money={money}
                count={count}
                view={view}
                store={store}
                errorOf={errorOf}
                member={session === 'member' && !trial}
                loginHref={loginHref}
                passwordLabel={passwordLabel}
                passwordFill={passwordFill}
              />
            ))}
          </ul>
        )}
      </section>
      {view.history !== null && (
        <section aria-labelledby="pm-history">
          <h2 id="pm-history">{l.historyTitle}</h2>
          {view.history.length === 0 ? (
            <p className="muted">{l.historyEmpty}</p>
          ) : (
            <div className="pm-table-wrap">
              <table className="pm-table">
                <thead>
                  <tr>
                    <th scope="col">{l.when}</th>
                    <th scope="col">{l.item}</th>
                    <th scope="col" className="num">
                      {l.pointsRequired}
                    </th>
                    <th scope="col" className="num">
                      {l.amount}
                    </th>
                    <th scope="col">{l.status}</th>
                  </tr>
                </thead>
                <tbody>
                  {view.history.map((h) => (
                    <tr key={h.id}>
                      <td>{new Date(h.createdAt).toLocaleString(lang, { dateStyle: 'medium', timeStyle: 'short' })}</td>
                      <td>{h.title}</td>
                      <td className="num">{h.points.toLocaleString(lang)}</td>
                      <td className="num">{h.amount ? money(h.amount) : h.quantity !== null ? quantityText(h.kind, h.quantity, null, l) : '—'}</td>
                      <td>
                        {l.statuses[h.status]}
                        {h.note ? ` · ${h.note}` : ''}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      )}
    </div>
  );
}

/** How many spins or tickets an item gives, and where ("10 spins on Lucky Dragon"). */
function quantityText(kind: MallItemView['kind'], n: number, on: string | null, l: PointsLabels): string {
  const key = kind === 'freeSpins' ? (on ? 'spinsOn' : 'spins') : on ? 'ticketsIn' : 'tickets';
  return fill(n === 1 ? l[`${key}_one`] : l[key], { count: n, on: on ?? '' });
}

const EMPTY = createMall({ client: null as never, member: false }).$mall;

function Item(p: {
  i: MallItemView;
  l: PointsLabels;
  money: (a: string) => string;
  count: (n: number) => string;
  view: MallView;
  store: MallStore;
  errorOf: (f: NonNullable<MallView['error']>['field']) => string | null;
  member: boolean;
  loginHref: string;
  passwordLabel: string;
  passwordFill: string;
}) {
  const { i, l } = p;
  const soldOut = i.left === 0;
  const full = i.perMember !== null && i.mine >= i.perMember;
  const open = p.view.open === i.id;
  return (
    <li className="pm-item" aria-labelledby={`pm-i-${i.id}`}>
      {i.image && <img src={i.image} alt="" width="160" height="120" loading="lazy" />}
      <strong id={`pm-i-${i.id}`}>{i.title}</strong>
      <span className="pm-cost">{p.count(i.points)}</span>
      <span className="muted">
        {l.kinds[i.kind]}
        {i.amount ? ` · ${fill(l.bonusOf, { amount: p.money(i.amount) })}` : ''}
        {i.quantity !== null ? ` · ${quantityText(i.kind, i.quantity, i.on, l)}` : ''}
        {i.turnover && Number(i.turnover) > 0 ? ` · ${fill(l.wagering, { turnover: p.money(i.turnover) })}` : ''}
      </span>
      <span className="muted">
        {i.left !== null && (soldOut ? l.soldOut : fill(l.left, { count: i.left }))}
        {i.perMember !== null ? `${i.left !== null ? ' · ' : ''}${fill(l.limit, { count: i.perMember })}` : ''}
      </span>
      {!p.member ? (
        <a className="btn btn-ghost btn-sm" href={p.loginHref}>
          {l.loginToRedeem}
        </a>
      ) : open ? (
        <RedeemForm i={i} l={l} store={p.store} errorOf={p.errorOf} busy={p.view.busy} passwordLabel={p.passwordLabel} passwordFill={p.passwordFill} />
      ) : (
        <button type="button" className="btn btn-primary btn-sm" disabled={soldOut || full || p.view.busy} aria-label={fill(l.redeemNamed, { title: i.title })} onClick={() => p.store.openItem(i.id)}>
          {l.redeem}
        </button>
      )}
    </li>
  );
}

function RedeemForm(p: {
  i: MallItemView;
  l: PointsLabels;
  store: MallStore;
  errorOf: (f: NonNullable<MallView['error']>['field']) => string | null;
  busy: boolean;
  passwordLabel: string;
  passwordFill: string;
}) {
  const { i, l } = p;
  const [password, setPassword] = useState('');
  const [to, setTo] = useState({ name: '', phone: '', address: '' });
  const submit = (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    void p.store.redeem(i.id, { paymentPassword: password, address: i.kind === 'goods' ? to : undefined });
  };
  return (
    <form className="pm-form" onSubmit={submit} noValidate>
      {i.kind === 'goods' && (
        <>
          <Input label={l.addressName} name="name" value={to.name} onChange={(v) => setTo({ ...to, name: v })} error={p.errorOf('name')} autoComplete="name" />
          <Input label={l.addressPhone} name="phone" type="tel" value={to.phone} onChange={(v) => setTo({ ...to, phone: v })} error={p.errorOf('phone')} autoComplete="tel" />
          <Input label={l.address} name="address" value={to.address} onChange={(v) => setTo({ ...to, address: v })} error={p.errorOf('address')} autoComplete="street-address" />
        </>
      )}
      <Input label={p.passwordLabel} name="paymentPassword" type="password" value={password} onChange={setPassword} error={p.errorOf('password')} autoComplete={p.passwordFill} />
      {p.errorOf('form') && (
        <p className="pm-error" role="alert">
          {p.errorOf('form')}
        </p>
      )}
      <div className="pm-actions">
        <button type="submit" className="btn btn-primary btn-sm" disabled={p.busy}>
          {fill(l.confirm, { points: i.points.toLocaleString(document.documentElement.lang) })}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => p.store.openItem(null)}>
          {l.cancel}
        </button>
      </div>
    </form>
  );
}

function ConvertForm(p: { store: MallStore; l: PointsLabels; errorOf: (f: NonNullable<MallView['error']>['field']) => string | null; busy: boolean; passwordLabel: string; passwordFill: string }) {
  const { l } = p;
  const [points, setPoints] = useState('');
  const [password, setPassword] = useState('');
  const open = useStore(p.store.$mall).open;
  const submit = (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    void p.store.convert(Number(points), password);
  };
  return (
    <form className="pm-form pm-convert" onSubmit={submit} noValidate aria-labelledby="pm-convert">
      <h3 id="pm-convert">{l.convertTitle}</h3>
      <Input label={l.convertPoints} name="points" value={points} onChange={setPoints} error={open === null ? p.errorOf('points') : null} inputMode="numeric" />
      <Input
        label={p.passwordLabel}
        name="convertPassword"
        type="password"
        value={password}
        onChange={setPassword}
        error={open === null ? p.errorOf('password') : null}
        autoComplete={p.passwordFill}
      />
      {open === null && p.errorOf('form') && (
        <p className="pm-error" role="alert">
          {p.errorOf('form')}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-sm" disabled={p.busy}>
        {l.convertButton}
      </button>
    </form>
  );
}
