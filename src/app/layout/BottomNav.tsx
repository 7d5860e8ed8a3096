
export function BottomNav() {
  return <div data-temp="BottomNav" />;
}
