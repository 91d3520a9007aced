// Some editors (Notepad, Visual Studio) start UTF-8 files with a byte order mark. JSON allows a
// reader to ignore it, and VS Code drops it before a document reaches the language server, so
// the CLI and the sync core drop it too, and put it back when they rewrite such a file.

export function withoutBom(text: string): { text: string; bom: boolean } {
  return text.charCodeAt(0) === 0xfeff ? { text: text.slice(1), bom: true } : { text, bom: false };
}
