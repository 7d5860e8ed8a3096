/** The light/dark toggle (R-HEAD-09): sets data-theme on <html>, which the design tokens read. */
import { useLingui } from '@lingui/react/macro';
import { setTheme, useTheme } from '../../state/theme';
import { MoonIcon, SunIcon } from '../../ui/icons';
import styles from './Header.module.css';

export function ThemeToggle() {
  const { t } = useLingui();
  const theme = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className={styles.iconButton}
      aria-label={next === 'dark' ? t`Switch to the dark theme` : t`Switch to the light theme`}
      data-testid="theme-toggle"
      data-theme={theme}
      onClick={() => setTheme(next)}
    >
      {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
