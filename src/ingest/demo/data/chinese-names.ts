/**
 * The demo's Chinese and Hong Kong players' names in characters (simplified, traditional), by the
 * romanised parts the name pools (names.ts) use. Other players have English names only: their
 * Chinese names fall back to the English one, as an unnamed club's would.
 */
const FAMILY: Readonly<Record<string, readonly [string, string]>> = {
  Wang: ['王', '王'],
  Li: ['李', '李'],
  Zhang: ['张', '張'],
  Liu: ['刘', '劉'],
  Chen: ['陈', '陳'],
  Yang: ['杨', '楊'],
  Huang: ['黄', '黃'],
  Zhao: ['赵', '趙'],
  Wu: ['吴', '吳'],
  Zhou: ['周', '周'],
  Xu: ['徐', '徐'],
  Sun: ['孙', '孫'],
  Ma: ['马', '馬'],
  Zhu: ['朱', '朱'],
  Hu: ['胡', '胡'],
  Chan: ['陈', '陳'],
  Wong: ['黄', '黃'],
  Lee: ['李', '李'],
  Cheung: ['张', '張'],
  Lau: ['刘', '劉'],
  Ng: ['吴', '吳'],
  Leung: ['梁', '梁'],
  Ho: ['何', '何'],
  Tang: ['邓', '鄧'],
  Yu: ['余', '余'],
  Law: ['罗', '羅'],
  Tsang: ['曾', '曾'],
};

const GIVEN: Readonly<Record<string, readonly [string, string]>> = {
  Lei: ['磊', '磊'],
  Wei: ['伟', '偉'],
  Jun: ['军', '軍'],
  Hao: ['浩', '浩'],
  Yang: ['洋', '洋'],
  Peng: ['鹏', '鵬'],
  Tao: ['涛', '濤'],
  Chao: ['超', '超'],
  Xi: ['熙', '熙'],
  Lin: ['林', '林'],
  Bin: ['斌', '斌'],
  Yuning: ['宇宁', '宇寧'],
  Shihao: ['世豪', '世豪'],
  Zhiyi: ['致毅', '致毅'],
  Xiaoting: ['晓霆', '曉霆'],
  'Chun Lok': ['俊乐', '俊樂'],
  'Ka Wai': ['嘉伟', '嘉偉'],
  'Wing Kai': ['永佳', '永佳'],
  'Siu Kwan': ['兆坤', '兆坤'],
  'Tsz Chun': ['梓进', '梓進'],
  'Ho Yin': ['浩贤', '浩賢'],
  'Kin Pong': ['建邦', '建邦'],
  'Man Hei': ['文希', '文希'],
  'Cheuk Hin': ['卓轩', '卓軒'],
  'Yiu Fung': ['耀峰', '耀峰'],
};

/** "Wang Lei" -> ["王磊", "王磊"]; null for a name not written family name first from these. */
export function chineseNames(name: string): { zhCn: string; zhHk: string } | null {
  const space = name.indexOf(' ');
  const family = FAMILY[name.slice(0, space)];
  const given = GIVEN[name.slice(space + 1)];
  return space > 0 && family && given
    ? { zhCn: family[0] + given[0], zhHk: family[1] + given[1] }
    : null;
}
