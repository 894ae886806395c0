// Finds the offset of the first JSON syntax error. Only called after JSON.parse has failed, because
// engines do not always say where (V8: `Unexpected token ']', ..."x"},\n]" is not valid JSON`).
// A recogniser of RFC 8259 with an explicit stack (no recursion); it builds nothing.

const WS = new Set([0x20, 0x09, 0x0a, 0x0d]);

class Stop {
  constructor(readonly offset: number) {}
}

export function jsonErrorOffset(text: string): number | undefined {
  let i = 0;
  const fail = (): never => {
    throw new Stop(i);
  };
  const ws = () => {
    while (i < text.length && WS.has(text.charCodeAt(i))) i++;
  };
  const literal = (word: string) => {
    for (const ch of word) {
      if (text[i] !== ch) fail();
      i++;
    }
  };
  const string = () => {
    i++; // opening quote
    for (;;) {
      if (i >= text.length) fail();
      const c = text.charCodeAt(i);
      if (c === 0x22) return void i++;
      if (c < 0x20) fail();
      if (c === 0x5c) {
        i++;
        const e = text[i];
        if (e === 'u') {
          i++;
          for (let k = 0; k < 4; k++, i++) if (!/[0-9a-fA-F]/.test(text[i] ?? '')) fail();
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i++;
        else fail();
      } else i++;
    }
  };
  const number = () => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!m || m[0] === '' || m[0] === '-') fail();
    i += (m as RegExpExecArray)[0].length;
  };
  // Iterative, with an explicit stack of open containers: a file of 100,000 "[" must not overflow the
  // call stack (it did, as recursion). `stack` holds '[' or '{' for each open container.
  const stack: string[] = [];
  const value = (): void => {
    for (;;) {
      // one value starts here
      ws();
      const c = text[i];
      if (c === '{' || c === '[') {
        i++;
        ws();
        const close = c === '{' ? '}' : ']';
        if (text[i] === close) i++;
        else {
          stack.push(c);
          if (c === '{') key();
          continue;
        }
      } else if (c === '"') string();
      else if (c === 't') literal('true');
      else if (c === 'f') literal('false');
      else if (c === 'n') literal('null');
      else if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) number();
      else fail();
      // the value ended: close containers until one expects another element
      for (;;) {
        const open = stack.at(-1);
        if (open === undefined) return;
        ws();
        if (text[i] === ',') {
          i++;
          if (open === '{') key();
          break;
        }
        if (text[i] === (open === '{' ? '}' : ']')) {
          i++;
          stack.pop();
          continue;
        }
        fail();
      }
    }
  };
  /** `"name" :` inside an object, before its value. */
  const key = () => {
    ws();
    if (text[i] !== '"') fail();
    string();
    ws();
    if (text[i] !== ':') fail();
    i++;
  };
  try {
    value();
    ws();
    return i < text.length ? i : undefined;
  } catch (e) {
    if (e instanceof Stop) return e.offset;
    throw e;
  }
}
