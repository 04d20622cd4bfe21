/** The demo's competitions. `days` are weekdays (0 = Sunday) in the competition's local time. */
export interface CompetitionSpec {
  id: number;
  code: string;
  nameEn: string;
  nameZhCn: string;
  nameZhHk: string;
  nameOriginal: string;
  region: 'Asia' | 'Europe';
  country: string | null;
  /**
   * League: its own teams play a multi-round robin. Cup: a group stage of invited clubs.
   * Friendly: clubs of two leagues of one region, on days no other competition plays.
   */
  kind: 'league' | 'cup' | 'friendly';
  /** Fixed UTC offset in hours of the local kickoff times (daylight saving ignored). */
  utcOffset: number;
  days: readonly number[];
  /** Local kickoff times, "HH:MM". */
  kickoffs: readonly string[];
  /** Average goals per match. */
  goals: number;
  /** Added to every team rating in cross-league matches. */
  leagueStrength: number;
  /** Season window: start month/day and the calendar-year (spring-autumn) or split season. */
  seasonStart: readonly [month: number, day: number];
  calendarYear: boolean;
  /** Round robins per season (leagues); cups play 6 group matchdays, one every second week. */
  robins: number;
  /** Weeks the season spans; its rounds are spread evenly over them. */
  seasonWeeks: number;
}
