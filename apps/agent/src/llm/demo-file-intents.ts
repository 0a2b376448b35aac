/**
 * The sentences that ask the demo agent to do something with a sandbox file, in English and
 * Chinese. Each pattern names its parts `path` and `content`; the table's order matters,
 * since "write hello to notes.txt" must be a write before it could be a read of notes.txt.
 */

/** What a person asked the demo to do with a file. */
export type FileIntent =
  | { kind: "write_file"; path: string; content: string }
  | { kind: "read_file"; path: string }
  | { kind: "delete_file"; path: string }
  | { kind: "list_files" };

/** A relative path with an extension ("notes.txt", "lists/shop.md"), optionally quoted. */
const FILE = String.raw`["'“‘\x60「]?(?<path>[\w./-]*\w\.[A-Za-z0-9]{1,10})["'”’\x60」]?`;
/** The end of a request whose content runs to the end: a closing "please" or full stop. */
const END = String.raw`\s*(?:,?\s*please)?\s*[.!。！]?\s*$`;
const NOTE_WORDS = String.raw`(?:(?:a|the)\s+)?(?:note|line|message|text|words?)\s+`;
const ENGLISH_SAYING = String.raw`(?:saying|that\s+says|reading|with\s+the\s+text)`;
const CHINESE_WRITE = String.raw`(?:写入|写进|写到|写在|保存到|保存进|保存在|存到|存进|存入|存在|记到|记在|记入|放到|放进|放入|放在)`;
const CHINESE_INSIDE = String.raw`(?:里面|文件里|里|中)?`;

function pattern(source: string): RegExp {
  return new RegExp(source, "iu");
}

type Parts = Partial<Record<"path" | "content", string>>;

const WRITE_PATTERNS: readonly RegExp[] = [
  // "save a note saying hello to notes.txt", "write hello to notes.txt", "put 'hi' in todo.md"
  pattern(
    String.raw`\b(?:write|save|put|store|jot|note)\s+(?:down\s+)?(?:${NOTE_WORDS})?(?:${ENGLISH_SAYING}\s+)?(?<content>.+?)\s+(?:to|in|into|inside|on)\s+(?:the\s+)?(?:file\s+)?${FILE}${END}`,
  ),
  // "create notes.txt with hello", "write a note to notes.txt saying hello", "write notes.txt: hi"
  pattern(
    String.raw`\b(?:write|save|put|create|make|start)\s+(?:an?\s+(?:new\s+)?)?(?:(?:note|file|line)\s+)?(?:(?:called|named)\s+)?(?:(?:to|in|into)\s+)?(?:the\s+)?(?:file\s+)?${FILE}\s*,?\s*(?:${ENGLISH_SAYING}|with|containing|:)\s*(?:(?:the\s+)?(?:text|content|contents|words?|line)\s*:?\s*)?(?<content>.+?)${END}`,
  ),
  // "把 hello 写入 notes.txt"
  pattern(
    String.raw`把\s*(?<content>.+?)\s*${CHINESE_WRITE}\s*(?:文件)?\s*${FILE}\s*${CHINESE_INSIDE}${END}`,
  ),
  // "帮我在 notes.txt 里记一下：买牛奶", "往 todo.md 里写 买牛奶"
  pattern(
    String.raw`(?:在|往|向|给)?\s*(?:文件)?\s*${FILE}\s*${CHINESE_INSIDE}\s*(?:帮我)?\s*(?:记一下|记下|记上|记录一下|记录|写一下|写下|写上|写入|写进|写(?!了)|记(?!了)|加上|添加|保存)\s*(?:一条|一句|一行)?\s*(?:笔记|备忘|内容)?\s*[:：,，]?\s*(?<content>.+?)${END}`,
  ),
  // "创建 notes.txt，内容是 hello"
  pattern(
    String.raw`(?:创建|新建|建|生成)\s*(?:一个)?\s*(?:新)?\s*(?:文件)?\s*${FILE}\s*[,，]?\s*(?:(?:内容|正文)\s*(?:是|为)|并?写上|并?写入|里面?写)\s*[:：]?\s*(?<content>.+?)${END}`,
  ),
  // "写一条笔记 hello 到 notes.txt", "保存“你好”到 notes.txt"
  pattern(
    String.raw`(?:写|记|保存|存)\s*(?:一下)?\s*(?:一条|一个|一则|一句)?\s*(?:笔记|备忘|便签)?\s*[:：]?\s*(?<content>.+?)\s*(?:到|进|在|入)\s*(?:文件)?\s*${FILE}\s*${CHINESE_INSIDE}${END}`,
  ),
];

const READ_PATTERNS: readonly RegExp[] = [
  pattern(
    String.raw`\b(?:read|open|show(?:\s+me)?|display|print|cat|view)\s+(?:the\s+)?(?:file\s+)?${FILE}`,
  ),
  pattern(String.raw`\bwhat(?:'s|’s|\s+is)\s+(?:in|inside)\s+(?:the\s+file\s+)?${FILE}`),
  pattern(
    String.raw`(?:读取|读一下|读|打开|查看|看一下|看看|显示|打印)\s*(?:一下)?\s*(?:文件)?\s*${FILE}`,
  ),
  pattern(String.raw`${FILE}\s*${CHINESE_INSIDE}\s*(?:有什么|写了什么|是什么|的内容)`),
];

const DELETE_PATTERNS: readonly RegExp[] = [
  pattern(String.raw`\b(?:delete|remove|erase)\s+(?:the\s+)?(?:file\s+)?${FILE}`),
  pattern(String.raw`(?:删除|删掉|删了|移除)\s*(?:文件)?\s*${FILE}`),
  pattern(String.raw`把\s*(?:文件)?\s*${FILE}\s*(?:删除|删掉|删了|移除)`),
];

const LIST_PATTERNS: readonly RegExp[] = [
  /\b(?:list|show(?:\s+me)?)\s+(?:all\s+)?(?:the\s+|my\s+)?files\b|\b(?:what|which)\s+files\b/i,
  /(?:列出|列一下|显示|查看|看看|看一下)\s*(?:一下)?\s*(?:所有|全部)?\s*的?\s*文件|(?:有哪些|有什么)文件|文件列表/u,
];

/** Quotes around a whole content ("'buy milk'", "“买牛奶”") are the person's, not the text's. */
const QUOTED = /^(["'“‘\x60「『])(.*)(["'”’\x60」』])$/su;

function unquoted(content: string): string {
  const trimmed = content.trim();
  return QUOTED.exec(trimmed)?.[2]?.trim() ?? trimmed;
}

function partsOf(patterns: readonly RegExp[], text: string): Parts | undefined {
  for (const candidate of patterns) {
    const groups = candidate.exec(text)?.groups;
    if (groups !== undefined) return groups;
  }
  return undefined;
}

/**
 * The file request in a message, if any: write (path and content), read, delete, list.
 *
 * @example findFileIntent("帮我在 notes.txt 里记一下：买牛奶")
 *   // { kind: "write_file", path: "notes.txt", content: "买牛奶" }
 */
export function findFileIntent(message: string): FileIntent | undefined {
  const text = message.trim();
  const write = partsOf(WRITE_PATTERNS, text);
  if (write?.path !== undefined && write.content !== undefined) {
    const content = unquoted(write.content);
    if (content !== "") return { kind: "write_file", path: write.path, content };
  }
  const read = partsOf(READ_PATTERNS, text)?.path;
  if (read !== undefined) return { kind: "read_file", path: read };
  const doomed = partsOf(DELETE_PATTERNS, text)?.path;
  if (doomed !== undefined) return { kind: "delete_file", path: doomed };
  return LIST_PATTERNS.some((candidate) => candidate.test(text))
    ? { kind: "list_files" }
    : undefined;
}
