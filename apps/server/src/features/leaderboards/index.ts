export { lockBoardRows, setLeaderboardVisible } from './visibility';
