import { useEffect, useState } from "preact/hooks";
import { useUi } from "../ui.js";
import { forgetTable, formatCode, lastTable } from "./table-code.js";

/**
 * "Zurück zu Tisch ABCDE-FGHJK": after "Menü" (or a closed tab) the last online table is one tap away. A table the
 * server no longer has is forgotten and the way back disappears.
 */
export function BackToTable() {
  const ui = useUi();
  const [code, setCode] = useState(lastTable);
  useEffect(() => {
    if (!code) return undefined;
    let live = true;
    fetch(`/api/tables/${code}`)
      .then((response) => {
        if (response.status !== 404 || !live) return;
        forgetTable(code);
        setCode(null);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [code]);
  if (!code) return null;
  return (
    <section class="panel panel--back" aria-labelledby="back-title">
      <h2 id="back-title">{ui.tr("yourTable")}</h2>
      <a class="btn btn--primary btn--big back-to-table" href={`#/t/${formatCode(code)}`} data-action="back-to-table">
        {ui.tr("backToTable")} <span class="nowrap">{formatCode(code)}</span>
      </a>
    </section>
  );
}
