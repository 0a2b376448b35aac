/** English: `in <Capitalized Words>` or `for <City>`; lowercase words ("in the morning") are no city. */
const ENGLISH_CITY =
  /\b(?:[Ii]n|[Ff]or)\s+([\p{Lu}\p{Lo}][\p{L}'’.-]*(?:\s+[\p{Lu}\p{Lo}][\p{L}'’.-]*)*)/u;

/** Days and times: "今天天气" must not read as the city "今" before the word "天气". */
const CHINESE_TIME_WORDS =
  /今天|明天|后天|大后天|今晚|明晚|今早|明早|这周末|周末|本周|下周|现在|最近/gu;
const CHINESE_WEATHER_WORD = /天气|气温|温度|下雨|下雪|预报/u;
/** Requests and particles around a city name in a Chinese weather question. */
const CHINESE_FILLER =
  /帮我|帮忙|麻烦|请问|请|我想知道|想知道|告诉我|查一下|查查|查询|查|看一下|看看|问一下|一下|会不会|会|要|那边|那里|的|在|吗|呢|怎么样|如何|[\s,.!?，。！？：:、]/gu;
const CITY_NAME = /^[\p{L}'’.-]{1,20}$/u;

function chineseCity(text: string): string | undefined {
  const untimed = text.replace(CHINESE_TIME_WORDS, " ");
  const keyword = CHINESE_WEATHER_WORD.exec(untimed);
  if (keyword === null) return undefined;
  const city = untimed.slice(0, keyword.index).replace(CHINESE_FILLER, "");
  return CITY_NAME.test(city) ? city : undefined;
}

/**
 * The city a weather question names, if any. English: `in <Capitalized Words>` or
 * `for <City>` ("What's the weather in Hangzhou tomorrow?"). Chinese: what stands before the
 * weather word once days and polite words are dropped ("明天杭州会下雨吗" → 杭州); none in
 * "明天天气怎么样", so the demo asks which city.
 */
export function findCity(text: string): string | undefined {
  const english = ENGLISH_CITY.exec(text)?.[1]?.replace(/[.’']+$/u, "");
  return english ?? chineseCity(text);
}
