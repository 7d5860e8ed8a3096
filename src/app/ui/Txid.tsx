/** A transaction id shortened to its ends (the whole one in the title and for screen readers), for the deposit and withdrawal tables. */
import styles from './Txid.module.css';

export function Txid({ txid }: { txid: string }) {
  const short = txid.length > 20 ? `${txid.slice(0, 10)}…${txid.slice(-8)}` : txid;
  return (
    <span className={styles.txid} title={txid} aria-label={txid}>
      {short}
    </span>
  );
}
