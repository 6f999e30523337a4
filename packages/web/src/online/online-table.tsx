export function OnlineTable(_props: { code: string | null; params: URLSearchParams; onMenu: () => void }) {
  return <p>online</p>;
}
