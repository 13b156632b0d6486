// The `dockside` command lines of a shell script (a CI step's `run:`, a GitLab `script:` entry), as the
// words the shell would pass: line continuations joined, quotes removed, comments, redirections and
// variable assignments dropped, commands split at ; & && || | and newlines, and a command found after
// `if`, `then`, `do`… as well as at the start of a line. Variables are left as written ("$RATE"): only
// the flags are judged. A dockside inside $(…) or a function body defined elsewhere is not seen.

const KEYWORDS = new Set(["if", "then", "else", "elif", "while", "until", "do", "!", "{", "}", "time", "exec"]);
const OPERATORS = ["&&", "||", ";;", ";", "&", "|", "(", ")", "\n"];

/** The script's words and operators: [{word}, {op}, {redirect}]. */
export function tokens(script) {
  const text = script.replace(/\\\n/g, " ");
  const out = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === " " || c === "\t" || c === "\r") { i++; continue; }
    if (c === "#") { while (i < text.length && text[i] !== "\n") i++; continue; }
    const op = OPERATORS.find((o) => text.startsWith(o, i));
    if (op) { out.push({ op }); i += op.length; continue; }
    const redirect = /^[0-9]*(>>|>&|<&|>|<)(-|[0-9]+)?/.exec(text.slice(i));
    if (redirect) {
      // 2>&1 names no file; > FILE takes the next word.
      out.push({ redirect: redirect[0], takesWord: !redirect[2] });
      i += redirect[0].length;
      continue;
    }
    let word = "";
    while (i < text.length && !/[\s;&|()<>]/.test(text[i])) {
      if (text[i] === "'") {
        const end = text.indexOf("'", i + 1);
        if (end < 0) throw new Error(`unterminated ' in: ${text.slice(i, i + 60)}`);
        word += text.slice(i + 1, end);
        i = end + 1;
      } else if (text[i] === '"') {
        i++;
        while (i < text.length && text[i] !== '"') {
          if (text[i] === "\\" && i + 1 < text.length) i++;
          word += text[i++];
        }
        if (i >= text.length) throw new Error(`unterminated " in: ${script.slice(0, 60)}`);
        i++;
      } else if (text.startsWith("$(", i)) {
        // A command substitution stays one word, whatever it holds.
        let depth = 0;
        do {
          if (text[i] === "(") depth++;
          else if (text[i] === ")") depth--;
          word += text[i++];
        } while (i < text.length && depth > 0);
      } else if (text[i] === "\\" && i + 1 < text.length) {
        word += text[i + 1];
        i += 2;
      } else word += text[i++];
    }
    out.push({ word });
  }
  return out;
}

/** The arguments after `dockside` (or a path ending in /dockside) of every command in `script`. */
export function docksideCommands(script) {
  const commands = [];
  let command = [];
  let skipNext = false;
  const end = () => {
    while (command.length && (KEYWORDS.has(command[0]) || /^[A-Za-z_][A-Za-z0-9_]*=/.test(command[0]))) command.shift();
    if (command.length && /(^|\/)dockside$/.test(command[0])) commands.push(command.slice(1));
    command = [];
  };
  for (const t of tokens(script)) {
    if (t.op) end();
    else if (t.redirect) skipNext = t.takesWord;
    else if (skipNext) skipNext = false;
    else command.push(t.word);
  }
  end();
  return commands;
}
