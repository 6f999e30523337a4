export function ReplayViewer(_props: { onMenu: () => void; params: URLSearchParams }) {
  return <p>replay</p>;
}
