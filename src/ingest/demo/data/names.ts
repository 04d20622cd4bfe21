/** Given and family names per nationality, for squads and coaches. */
const list = (names: string): readonly string[] => names.split(',');
export interface NamePool {
  given: readonly string[];
  family: readonly string[];
  /** Family name first (East Asian order). */
  familyFirst: boolean;
}

const JAPAN: NamePool = {
  given: list(
    'Takumi,Yuki,Kaito,Ryo,Shota,Daiki,Kenta,Sota,Hiroki,Yuto,Ren,Kota,Naoki,Haruto,Shun',
  ),
  family: list(
    'Sato,Suzuki,Takahashi,Tanaka,Watanabe,Ito,Yamamoto,Nakamura,Kobayashi,Kato,Yoshida,Yamada,Inoue,Matsumoto,Kimura',
  ),
  familyFirst: false,
};
const KOREA: NamePool = {
  given: list(
    'Min-jae,Heung-min,Seung-ho,Ji-sung,Dong-won,Jae-sung,Woo-young,Hyun-woo,Tae-hwan,Jun-ho,Sang-min,Young-gwon',
  ),
  family: list('Kim,Lee,Park,Choi,Jung,Kang,Cho,Yoon,Jang,Lim,Han,Oh'),
  familyFirst: true,
};
const CHINA: NamePool = {
  given: list('Lei,Wei,Jun,Hao,Yang,Peng,Tao,Chao,Xi,Lin,Bin,Yuning,Shihao,Zhiyi,Xiaoting'),
  family: list('Wang,Li,Zhang,Liu,Chen,Yang,Huang,Zhao,Wu,Zhou,Xu,Sun,Ma,Zhu,Hu'),
  familyFirst: true,
};
const HONG_KONG: NamePool = {
  given: list(
    'Chun Lok,Ka Wai,Wing Kai,Siu Kwan,Tsz Chun,Ho Yin,Kin Pong,Man Hei,Cheuk Hin,Yiu Fung',
  ),
  family: list('Chan,Wong,Lee,Cheung,Lau,Ng,Leung,Ho,Tang,Yu,Law,Tsang'),
  familyFirst: true,
};
const ENGLAND: NamePool = {
  given: list(
    'Harry,Jack,James,Jordan,Marcus,Declan,Mason,Bukayo,Phil,Kyle,Jarrod,Ollie,Conor,Reece,Ben',
  ),
  family: list(
    'Smith,Walker,Stones,White,Rice,Foden,Henderson,Palmer,Watkins,Pope,Trippier,Gallagher,Mount,Bowen,Eze',
  ),
  familyFirst: false,
};
const SPAIN: NamePool = {
  given: list(
    'Pablo,Álvaro,Sergio,Iker,Dani,Pedro,Marcos,Mikel,Rodrigo,Fermín,Nico,Unai,Alejandro,Javi',
  ),
  family: list(
    'García,Martínez,López,Sánchez,Pérez,Gómez,Fernández,Ruiz,Navas,Merino,Oyarzabal,Olmo,Torres,Morata',
  ),
  familyFirst: false,
};
const ITALY: NamePool = {
  given: list(
    'Federico,Lorenzo,Nicolò,Alessandro,Giacomo,Davide,Matteo,Andrea,Gianluca,Sandro,Riccardo,Manuel',
  ),
  family: list(
    'Rossi,Bianchi,Barella,Chiesa,Bastoni,Tonali,Locatelli,Scamacca,Frattesi,Raspadori,Calafiori,Dimarco,Retegui',
  ),
  familyFirst: false,
};
const GERMANY: NamePool = {
  given: list(
    'Florian,Jamal,Joshua,Leon,Kai,Niclas,Maximilian,Jonathan,Robert,Felix,Lukas,Timo,David',
  ),
  family: list(
    'Müller,Schmidt,Wirtz,Musiala,Kimmich,Havertz,Füllkrug,Tah,Raum,Gross,Andrich,Schlotterbeck,Undav',
  ),
  familyFirst: false,
};
const IMPORTS: NamePool = {
  given: list(
    'Lucas,Gabriel,Rafael,Mateus,Thiago,Kevin,Mohamed,Youssef,Victor,Oscar,Samuel,Erling,Kylian',
  ),
  family: list(
    'Silva,Santos,Oliveira,Costa,Pereira,Diallo,Traoré,Mendy,Jensen,Nilsson,de Jong,Dumfries,Osimhen',
  ),
  familyFirst: false,
};

export const NAME_POOLS: Readonly<Record<string, NamePool>> = {
  Japan: JAPAN,
  'South Korea': KOREA,
  China: CHINA,
  'Hong Kong': HONG_KONG,
  England: ENGLAND,
  Spain: SPAIN,
  Italy: ITALY,
  Germany: GERMANY,
};

export const IMPORT_POOL = IMPORTS;
