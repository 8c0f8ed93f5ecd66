export { lockBoardRows, setLeaderboardVisible } from './visibility';
export { leaderboardPageHints } from './page-hints';
