/**
 * A choice from a long list with a search (a coin, a network, a market): a button showing the
 * choice opens a popover with a search field and the matching options as a listbox. The search
 * field keeps focus while the arrow keys move through the options (aria-activedescendant), Enter
 * takes one, Escape closes. CoinSelector and NetworkSelector are its two uses with icons and notes.
 */
import * as RadixPopover from '@radix-ui/react-popover';
import { useLingui } from '@lingui/react/macro';
import { useId, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { CheckIcon, ChevronDownIcon, SearchIcon } from './icons';
import overlay from './Overlay.module.css';
import styles from './SearchSelect.module.css';

export interface SearchOption {
  value: string;
  label: string;
  /** A second line: a coin's name, a network's confirmations. */
  description?: string;
  icon?: ReactNode;
  disabled?: boolean;
}

export interface SearchSelectProps {
  value: string | null;
  onValueChange: (value: string) => void;
  options: readonly SearchOption[];
  /** The button's accessible name (what is chosen). */
  label: string;
  placeholder?: string;
  /** Leave the search out for a handful of options. */
  searchable?: boolean;
  id?: string;
  testId?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

/**
 * Options where every word of the search starts a word of the label or description, case-insensitive
 * ("eth" finds Ethereum, not Tether).
 */
export function matchOptions(options: readonly SearchOption[], search: string): SearchOption[] {
  const wanted = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (wanted.length === 0) return [...options];
  return options.filter((option) => {
    const words = `${option.label} ${option.description ?? ''}`.toLowerCase().split(/[\s/_-]+/);
    return wanted.every((start) => words.some((word) => word.startsWith(start)));
  });
}

export function SearchSelect({ value, onValueChange, options, label, placeholder, searchable = true, id, testId, ...aria }: SearchSelectProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const nameId = useId();
  const matches = useMemo(() => matchOptions(options, search), [options, search]);
  const chosen = options.find((option) => option.value === value);

  const choose = (option: SearchOption | undefined) => {
    if (!option || option.disabled) return;
    onValueChange(option.value);
    setOpen(false);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') setActive((index) => Math.min(index + 1, matches.length - 1));
    else if (event.key === 'ArrowUp') setActive((index) => Math.max(index - 1, 0));
    else if (event.key === 'Home') setActive(0);
    else if (event.key === 'End') setActive(matches.length - 1);
    else if (event.key === 'Enter') choose(matches[active]);
    else return;
    event.preventDefault();
  };
  const optionId = (index: number) => `${listId}-option-${index}`;

  return (
    <RadixPopover.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setSearch('');
        setActive(Math.max(0, options.findIndex((option) => option.value === value)));
      }}
    >
      <RadixPopover.Trigger asChild>
        {/* Named by the label and the choice it shows ("Coin USDT"): a name without the visible text fails label-content-name-mismatch. */}
        <button type="button" className={`${overlay.trigger} ${styles.trigger}`} id={id} aria-labelledby={`${nameId}-label ${nameId}-choice`} data-testid={testId} {...aria}>
          <span id={`${nameId}-label`} className="visually-hidden">
            {label}
          </span>
          <span className={styles.choice}>
            {chosen?.icon}
            <span id={`${nameId}-choice`}>{chosen?.label ?? placeholder ?? t`Choose`}</span>
          </span>
          <ChevronDownIcon size={16} />
        </button>
      </RadixPopover.Trigger>
      <RadixPopover.Portal>
        <RadixPopover.Content className={`${overlay.surface} ${styles.surface}`} align="start" sideOffset={6} collisionPadding={8} onKeyDown={onKeyDown} aria-label={label}>
          {searchable ? (
            <div className={styles.search}>
              <SearchIcon />
              <input
                className={styles.searchInput}
                type="search"
                value={search}
                onChange={(event) => {
                  setSearch(event.target.value);
                  setActive(0);
                }}
                placeholder={t`Search`}
                aria-label={t`Search`}
                role="combobox"
                aria-expanded="true"
                aria-controls={listId}
                aria-activedescendant={matches.length > 0 ? optionId(active) : undefined}
                autoComplete="off"
                data-testid={testId ? `${testId}-search` : undefined}
              />
            </div>
          ) : null}
          <ul id={listId} role="listbox" aria-label={label} className={styles.list}>
            {matches.map((option, index) => (
              <li
                key={option.value}
                id={optionId(index)}
                role="option"
                aria-selected={option.value === value}
                aria-disabled={option.disabled || undefined}
                className={overlay.item}
                data-highlighted={index === active ? '' : undefined}
                onPointerMove={() => setActive(index)}
                onClick={() => choose(option)}
                data-testid={testId ? `${testId}-option-${option.value}` : undefined}
                tabIndex={searchable ? -1 : index === active ? 0 : -1}
              >
                {option.icon}
                <span className={styles.optionText}>
                  <span>{option.label}</span>
                  {option.description ? <span className={styles.description}>{option.description}</span> : null}
                </span>
                {option.value === value ? <CheckIcon size={16} /> : null}
              </li>
            ))}
          </ul>
          {matches.length === 0 ? <p className={styles.none}>{t`Nothing matches this search.`}</p> : null}
        </RadixPopover.Content>
      </RadixPopover.Portal>
    </RadixPopover.Root>
  );
}

/** A currency with its icon: the coin selector's option. */
export interface CoinOption {
  code: string;
  name?: string;
  iconUrl?: string;
}

export function CoinSelector({ coins, value, onValueChange, label, testId, ...rest }: { coins: readonly CoinOption[]; value: string | null; onValueChange: (code: string) => void; label: string; testId?: string; id?: string }) {
  const options = useMemo(
    () =>
      coins.map((coin) => ({
        value: coin.code,
        label: coin.code,
        description: coin.name,
        icon: coin.iconUrl ? <img src={coin.iconUrl} alt="" width={20} height={20} className={styles.icon} /> : <span className={styles.iconText} data-letter={coin.code.slice(0, 1)} aria-hidden="true" />,
      })),
    [coins],
  );
  return <SearchSelect value={value} onValueChange={onValueChange} options={options} label={label} testId={testId} {...rest} />;
}

/** A network a coin travels on, with what it takes to arrive (confirmations, a fee). */
export interface NetworkOption {
  id: string;
  name: string;
  note?: string;
  disabled?: boolean;
}

export function NetworkSelector({ networks, value, onValueChange, label, testId, ...rest }: { networks: readonly NetworkOption[]; value: string | null; onValueChange: (id: string) => void; label: string; testId?: string; id?: string }) {
  const options = useMemo(() => networks.map((network) => ({ value: network.id, label: network.name, description: network.note, disabled: network.disabled })), [networks]);
  return <SearchSelect value={value} onValueChange={onValueChange} options={options} label={label} searchable={networks.length > 6} testId={testId} {...rest} />;
}
