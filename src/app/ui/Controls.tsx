/**
 * Switch, Checkbox and Slider on Radix, with their labels. A switch turns a setting on or off at
 * once; a checkbox is a choice a form sends later; the slider picks a number in steps (a futures
 * position's leverage), with its marks and the value said aloud.
 */
import * as RadixCheckbox from '@radix-ui/react-checkbox';
import * as RadixSlider from '@radix-ui/react-slider';
import * as RadixSwitch from '@radix-ui/react-switch';
import { useId, type ReactNode } from 'react';
import { CheckIcon } from './icons';
import styles from './Controls.module.css';

export function Switch({ checked, onCheckedChange, label, disabled, testId }: { checked: boolean; onCheckedChange: (checked: boolean) => void; label: ReactNode; disabled?: boolean; testId?: string }) {
  const id = useId();
  return (
    <div className={styles.row}>
      <RadixSwitch.Root id={id} className={styles.switch} checked={checked} onCheckedChange={onCheckedChange} disabled={disabled} data-testid={testId}>
        <RadixSwitch.Thumb className={styles.thumb} />
      </RadixSwitch.Root>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
    </div>
  );
}

export function Checkbox({ checked, onCheckedChange, label, disabled, testId }: { checked: boolean; onCheckedChange: (checked: boolean) => void; label: ReactNode; disabled?: boolean; testId?: string }) {
  const id = useId();
  return (
    <div className={styles.row}>
      <RadixCheckbox.Root id={id} className={styles.checkbox} checked={checked} onCheckedChange={(value) => onCheckedChange(value === true)} disabled={disabled} data-testid={testId}>
        <RadixCheckbox.Indicator>
          <CheckIcon size={14} />
        </RadixCheckbox.Indicator>
      </RadixCheckbox.Root>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
    </div>
  );
}

export interface SliderProps {
  value: number;
  onValueChange: (value: number) => void;
  min: number;
  max: number;
  step?: number;
  /** Values marked under the track (1x, 25x, 50x ...). */
  marks?: readonly number[];
  label: string;
  /** How a value reads ("20x"). */
  format?: (value: number) => string;
  testId?: string;
}

export function Slider({ value, onValueChange, min, max, step = 1, marks = [], label, format = String, testId }: SliderProps) {
  return (
    <div className={styles.slider}>
      <RadixSlider.Root className={styles.sliderRoot} value={[value]} onValueChange={([next]) => onValueChange(next ?? min)} min={min} max={max} step={step} data-testid={testId}>
        <RadixSlider.Track className={styles.track}>
          <RadixSlider.Range className={styles.range} />
        </RadixSlider.Track>
        <RadixSlider.Thumb className={styles.sliderThumb} aria-label={label} aria-valuetext={format(value)} />
      </RadixSlider.Root>
      {marks.length > 0 ? (
        <div className={styles.marks} aria-hidden="true">
          {marks.map((mark) => (
            <span key={mark} style={{ insetInlineStart: `${((mark - min) / (max - min)) * 100}%` }}>
              {format(mark)}
            </span>
          ))}
        </div>
      ) : null}
    </div>
  );
}
