
export function MobileTopBar() {
  return <div data-temp="MobileTopBar" />;
}
