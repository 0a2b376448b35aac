import { describe, expect, it } from "vitest";
import { recognizeIntent } from "./demo-intents";
import type { DemoIntent } from "./demo-intents";
import { languageOf } from "./demo-language";

function write(path: string, content: string): DemoIntent {
  return { kind: "write_file", path, content };
}

const PHRASES: readonly (readonly [string, DemoIntent])[] = [
  // Writing a file: the README's phrase and the ways people put it.
  ["save a note saying hello to notes.txt", write("notes.txt", "hello")],
  ["write hello to notes.txt", write("notes.txt", "hello")],
  ["put 'hi' in todo.md", write("todo.md", "hi")],
  ["create notes.txt with hello", write("notes.txt", "hello")],
  ["Please save a note saying 'buy milk' to lists/shop.txt.", write("lists/shop.txt", "buy milk")],
  ["Save note saying see you at 5 in notes.txt", write("notes.txt", "see you at 5")],
  ["create a file called notes.txt with the text hello", write("notes.txt", "hello")],
  ["write a note to notes.txt saying hello", write("notes.txt", "hello")],
  ["write notes.txt: hello world", write("notes.txt", "hello world")],
  ["write hello to you in notes.txt", write("notes.txt", "hello to you")],
  ["write 'rain tomorrow' to notes.txt", write("notes.txt", "rain tomorrow")],
  ["把 hello 写入 notes.txt", write("notes.txt", "hello")],
  ["帮我在 notes.txt 里记一下：买牛奶", write("notes.txt", "买牛奶")],
  ["往 todo.md 里写 买牛奶", write("todo.md", "买牛奶")],
  ["创建 notes.txt，内容是 hello", write("notes.txt", "hello")],
  ["写一条笔记 hello 到 notes.txt", write("notes.txt", "hello")],
  ["保存“你好”到 notes.txt。", write("notes.txt", "你好")],
  // What the demo tools cannot do with files, recognised so the reply can say so.
  ["读取 notes.txt", { kind: "read_file", path: "notes.txt" }],
  ["read notes.txt", { kind: "read_file", path: "notes.txt" }],
  ["what's in notes.txt?", { kind: "read_file", path: "notes.txt" }],
  ["notes.txt 里写了什么", { kind: "read_file", path: "notes.txt" }],
  ["delete notes.txt", { kind: "delete_file", path: "notes.txt" }],
  ["把 notes.txt 删掉", { kind: "delete_file", path: "notes.txt" }],
  ["list the files", { kind: "list_files" }],
  ["有哪些文件？", { kind: "list_files" }],
  // The notes table.
  ["delete the old rows", { kind: "delete_old_rows" }],
  ["Please remove my old notes", { kind: "delete_old_rows" }],
  ["删除旧的记录", { kind: "delete_old_rows" }],
  ["show my notes", { kind: "show_notes" }],
  ["查看所有笔记", { kind: "show_notes" }],
  // Questions put to the person.
  ["Please plan a trip for me", { kind: "inquiry", topic: "trip" }],
  ["帮我规划一次旅行", { kind: "inquiry", topic: "trip" }],
  ["Book a table for tonight", { kind: "inquiry", topic: "table" }],
  ["帮我订个位", { kind: "inquiry", topic: "table" }],
  ["Pick a colour for the logo", { kind: "inquiry", topic: "colour" }],
  ["帮我选个颜色", { kind: "inquiry", topic: "colour" }],
  // Weather, with and without a city.
  ["What's the weather tomorrow?", { kind: "weather", city: undefined }],
  ["What's the weather in Hangzhou tomorrow?", { kind: "weather", city: "Hangzhou" }],
  ["Will it rain in San Francisco?", { kind: "weather", city: "San Francisco" }],
  ["forecast for Paris please", { kind: "weather", city: "Paris" }],
  ["明天天气怎么样", { kind: "weather", city: undefined }],
  ["明天杭州会下雨吗", { kind: "weather", city: "杭州" }],
  ["北京今天气温多少？", { kind: "weather", city: "北京" }],
  ["帮我查一下上海的天气", { kind: "weather", city: "上海" }],
  ["What's the weather in 杭州?", { kind: "weather", city: "杭州" }],
  ["what's the weather in the morning", { kind: "weather", city: undefined }],
];

describe("the demo agent's reading of a message", () => {
  it.each(PHRASES)("%j", (text, intent) => {
    expect(recognizeIntent(text)).toEqual(intent);
  });

  it.each(["hello", "你好", "tell me a joke"])("%j asks for nothing the demo knows", (text) => {
    expect(recognizeIntent(text)).toBeUndefined();
  });
});

describe("the language of a message", () => {
  it.each([
    ["What's the weather tomorrow?", undefined, "en"],
    ["What's the weather in 北京市海淀区?", undefined, "en"],
    ["把 hello 写入 notes.txt", "hello", "zh"],
    ["把 see you at five 写入 notes.txt", "see you at five", "zh"],
    ["write 你好世界 to notes.txt", "你好世界", "en"],
    ["读取 notes.txt", undefined, "zh"],
    ["明天天气怎么样", undefined, "zh"],
  ] as const)("%j (writing %j) is %s", (text, payload, language) => {
    expect(languageOf(text, payload)).toBe(language);
  });
});
