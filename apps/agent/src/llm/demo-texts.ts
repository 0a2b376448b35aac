import type { DemoLanguage } from "./demo-language";

/**
 * The demo agent's own words about the weather, its tools and itself, in each language it
 * replies in. The agent runs without the web app, so it keeps this small table of its own.
 */
export interface DemoTexts {
  help: string;
  /** The `send_inquiry` question when a weather request names no city. */
  cityQuestion: string;
  cityAskFailed: (reason: string) => string;
  cityTimedOut: string;
  cityRefused: string;
  cityDelegated: string;
  cityCancelled: string;
  cityEmpty: string;
  /** Asked for a city but the hub's `send_inquiry` is not offered. */
  cityUnaskable: string;
  weatherUnavailable: (city: string) => string;
  forecastFailed: (reason: string) => string;
  forecast: (forecast: string) => string;
  toolUnavailable: (tool: string) => string;
  hubUnavailable: string;
  toolReturned: (result: string) => string;
  cannotRead: (path: string) => string;
  cannotDeleteFile: (path: string) => string;
  cannotList: string;
}

const ENGLISH: DemoTexts = {
  help:
    "I'm the Inquiry Hub demo agent. Ask me about the weather, for example \"What's the weather in Hangzhou tomorrow?\". " +
    "If you don't name a city I'll ask you which one, and you can answer from any of your devices. " +
    'I can also write a file ("write hello to notes.txt"), show the notes table ("show my notes") or "delete the old rows"; you approve changes first. ' +
    'Or ask me to "plan a trip", "book a table" or "pick a colour". I understand English and Chinese.',
  cityQuestion: "Which city should I check the weather for?",
  cityAskFailed: (reason) => `I could not ask you which city: ${reason}`,
  cityTimedOut:
    "No answer came in time, so I did not check the weather. Tell me the city and I'll look it up.",
  cityRefused:
    "You chose not to say which city, so I did not check the weather. Name a city any time and I'll look it up.",
  cityDelegated:
    "You left the city to me, so I decided myself: I did not guess a city for you. Name one any time and I'll look it up.",
  cityCancelled:
    "The question was cancelled before anyone answered, so I did not check the weather.",
  cityEmpty: "I did not get a city name, so I did not check the weather.",
  cityUnaskable:
    "Which city do you mean? I can't ask through the hub right now, so please name it in your message.",
  weatherUnavailable: (city) =>
    `The weather tool is not available right now, so I can't check ${city}.`,
  forecastFailed: (reason) => `I could not get the forecast: ${reason}`,
  forecast: (forecast) => `Here is the forecast. ${forecast}.`,
  toolUnavailable: (tool) => `The ${tool} tool is not available right now, so I can't do that.`,
  hubUnavailable: "I can't ask you through the hub right now, so I can't do that.",
  toolReturned: (result) => `The tool returned: ${result}`,
  cannotRead: (path) =>
    `I can't read ${path}: the demo tools can write files in the sandbox but not read them. Open the file in the sandbox folder to see it.`,
  cannotDeleteFile: (path) =>
    `I can't delete ${path}: the demo tools can write files in the sandbox but not delete them.`,
  cannotList:
    'I can\'t list files: the demo tools can write files in the sandbox but not list them. Try "show my notes" for the notes table.',
};

/** The conditions get_weather reports (apps/demo-tools), in Chinese. */
const CHINESE_CONDITIONS: Readonly<Record<string, string>> = {
  sunny: "晴",
  "partly cloudy": "多云",
  overcast: "阴",
  "light rain": "小雨",
  showers: "阵雨",
  thunderstorms: "雷阵雨",
  "fog in the morning, then clear": "早上有雾，之后转晴",
  "light snow": "小雪",
};

/** get_weather's sentence: "Tomorrow in Hangzhou: light rain, 18–24 °C, wind 3 m/s". */
const FORECAST = /^Tomorrow in (.+?): (.+), (-?\d+)–(-?\d+) °C, wind (\d+) m\/s$/u;

/** The forecast in Chinese; a forecast in another shape is quoted as it came. */
function chineseForecast(forecast: string): string {
  const match = FORECAST.exec(forecast.trim());
  const condition = match?.[2] === undefined ? undefined : CHINESE_CONDITIONS[match[2]];
  if (match === null || condition === undefined) return `天气预报：${forecast}。`;
  const [, city, , low, high, wind] = match;
  return `明天${city ?? ""}的天气：${condition}，${low ?? ""}–${high ?? ""} °C，风速 ${wind ?? ""} m/s。`;
}

const CHINESE: DemoTexts = {
  help:
    "我是 Inquiry Hub 的演示智能体。可以问我天气，例如“明天杭州天气怎么样？”。" +
    "如果你没说城市，我会问你是哪个城市，你可以在任何一台设备上回答。" +
    "我也可以写文件（“把 hello 写入 notes.txt”）、查看笔记表（“查看笔记”）或“删除旧记录”；改动会先请你批准。" +
    "也可以让我“规划一次旅行”“订个位”或“选个颜色”。中文和英文我都能听懂。",
  cityQuestion: "你想查哪个城市的天气？",
  cityAskFailed: (reason) => `我没能问你是哪个城市：${reason}`,
  cityTimedOut: "没有及时收到回答，所以我没有查天气。告诉我城市，我就去查。",
  cityRefused: "你选择不说城市，所以我没有查天气。随时告诉我城市，我就去查。",
  cityDelegated: "你让我自己决定城市：我没有替你猜城市。随时告诉我城市，我就去查。",
  cityCancelled: "问题在有人回答之前被取消了，所以我没有查天气。",
  cityEmpty: "我没有收到城市名，所以没有查天气。",
  cityUnaskable: "你指的是哪个城市？我现在无法通过 Hub 提问，请直接在消息里写上城市。",
  weatherUnavailable: (city) => `天气工具现在不可用，所以我查不了${city}的天气。`,
  forecastFailed: (reason) => `我没能拿到天气预报：${reason}`,
  forecast: chineseForecast,
  toolUnavailable: (tool) => `工具 ${tool} 现在不可用，所以我做不了这件事。`,
  hubUnavailable: "我现在无法通过 Hub 问你，所以做不了这件事。",
  toolReturned: (result) => `工具返回：${result}`,
  cannotRead: (path) =>
    `我读不了 ${path}：演示工具只能在沙盒里写文件，不能读取。请在沙盒文件夹里打开它查看。`,
  cannotDeleteFile: (path) => `我删不了 ${path}：演示工具只能在沙盒里写文件，不能删除。`,
  cannotList: "我列不出文件：演示工具只能在沙盒里写文件，不能列出。可以试试“查看笔记”看看笔记表。",
};

/** The demo's texts in a language. */
export function demoTexts(language: DemoLanguage): DemoTexts {
  return language === "zh" ? CHINESE : ENGLISH;
}
