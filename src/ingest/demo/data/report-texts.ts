/** AI report templates per language; every value is already in the report's language and script. */
export interface ReportFacts {
  home: string;
  away: string;
  competition: string;
  round: string;
  favourite: string;
  underdog: string;
  favouritePrice: string;
  handicap: string;
  goalLine: string;
  corners: string;
  /** 0 = home win, 1 = draw, 2 = away win: the model's lean. */
  lean: 0 | 1 | 2;
  openGame: boolean;
}

export type ReportLanguage = 'en' | 'zh-CN' | 'zh-HK';

type Template = (f: ReportFacts) => string;

const en = {
  lean: (f: ReportFacts) => [`a ${f.home} win`, 'a draw', `a ${f.away} win`][f.lean],
  style: (f: ReportFacts) =>
    f.openGame ? 'an open game with chances at both ends' : 'a tight, low-scoring game',
};
const zhCn = {
  lean: (f: ReportFacts) => [`${f.home}主胜`, '平局', `${f.away}客胜`][f.lean],
  style: (f: ReportFacts) => (f.openGame ? '攻势对攻，进球数偏多' : '比赛节奏偏慢，进球不多'),
};
const zhHk = {
  lean: (f: ReportFacts) => [`${f.home}主勝`, '和局', `${f.away}客勝`][f.lean],
  style: (f: ReportFacts) => (f.openGame ? '雙方對攻，入球偏多' : '比賽節奏偏慢，入球不多'),
};

export const BASIC: Record<ReportLanguage, Template> = {
  en: (f) =>
    `${f.home} host ${f.away} in the ${f.competition} (${f.round}). The market makes ${f.favourite} favourites at ${f.favouritePrice}, with the Asian handicap at ${f.handicap} and the goal line at ${f.goalLine}. We expect ${en.style(f)}; lean: ${en.lean(f)}.`,
  'zh-CN': (f) =>
    `${f.competition}（${f.round}）：${f.home}主场迎战${f.away}。市场看好${f.favourite}，赔率${f.favouritePrice}，亚盘${f.handicap}，大小球${f.goalLine}球。预计${zhCn.style(f)}，倾向：${zhCn.lean(f)}。`,
  'zh-HK': (f) =>
    `${f.competition}（${f.round}）：${f.home}主場迎戰${f.away}。市場看好${f.favourite}，賠率${f.favouritePrice}，亞洲讓球${f.handicap}，大細球${f.goalLine}球。預計${zhHk.style(f)}，傾向：${zhHk.lean(f)}。`,
};

export const DEEP: Record<ReportLanguage, Template> = {
  en: (f) =>
    [
      `Match preview: ${f.home} v ${f.away}, ${f.competition}, ${f.round}.`,
      `Pricing: ${f.favourite} open as favourites at ${f.favouritePrice}; the handicap sits at ${f.handicap} and the total at ${f.goalLine} goals, which implies ${en.style(f)}.`,
      `Set pieces: our corner model projects around ${f.corners} corners in total, with most of them in the second half as the trailing side pushes forward.`,
      `${f.underdog} have to stay compact; if they concede early, the game tends to open up and the over becomes the stronger angle.`,
      `Verdict: ${en.lean(f)}. Risk: medium. Late team news may move the handicap by a quarter goal.`,
    ].join('\n\n'),
  'zh-CN': (f) =>
    [
      `赛事前瞻：${f.competition}（${f.round}），${f.home}对阵${f.away}。`,
      `盘口分析：${f.favourite}受到看好，赔率${f.favouritePrice}；亚盘开出${f.handicap}，大小球${f.goalLine}球，显示${zhCn.style(f)}。`,
      `角球：模型预计全场约${f.corners}个角球，下半场落后一方压上时角球更集中。`,
      `${f.underdog}需要收缩防守；一旦早早失球，比赛会更开放，大球更有价值。`,
      `结论：${zhCn.lean(f)}。风险：中等。赛前阵容消息可能令盘口变动四分之一球。`,
    ].join('\n\n'),
  'zh-HK': (f) =>
    [
      `賽事前瞻：${f.competition}（${f.round}），${f.home}對${f.away}。`,
      `盤口分析：${f.favourite}被看高一綫，賠率${f.favouritePrice}；亞洲讓球開${f.handicap}，大細球${f.goalLine}球，顯示${zhHk.style(f)}。`,
      `角球：模型預計全場約${f.corners}個角球，下半場落後一方壓上時角球更集中。`,
      `${f.underdog}需要收縮防守；一旦早段失球，比賽會更開放，大波更有價值。`,
      `結論：${zhHk.lean(f)}。風險：中等。賽前陣容消息可能令盤口變動四分一球。`,
    ].join('\n\n'),
};
