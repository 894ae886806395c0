// One marking per passage role, the same in every panel: gold = amber star, bridge =
// red diamond. The rank chart draws the same shapes (BumpChart) and its legend names them.

const BRIDGE_GLYPH = '◆';
const GOLD_GLYPH = '★';

function BridgeMark() {
  return (
    <span className="badge badge-bridge" data-testid="bridge-mark">
      {BRIDGE_GLYPH} bridge
    </span>
  );
}

function GoldMark() {
  return (
    <span className="badge badge-gold" data-testid="gold-mark">
      {GOLD_GLYPH} gold
    </span>
  );
}

/** The bridge mark when the passage is a bridge (a bridge is gold too), else the gold mark, else nothing. */
export function RoleMark({ id, gold, bridge }: { id: string; gold: ReadonlySet<string>; bridge: ReadonlySet<string> }) {
  if (bridge.has(id)) return <BridgeMark />;
  if (gold.has(id)) return <GoldMark />;
  return null;
}
