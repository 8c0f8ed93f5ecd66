import { Route, Routes } from 'react-router';
import { GameList } from './GameList';
import { GamePage } from './GamePage';

/** /admin/games: the picked arcade's games of a day, and one game (void, assign a guest's slot). */
export function Component() {
  return (
    <Routes>
      <Route index element={<GameList />} />
      <Route path=":gameId" element={<GamePage />} />
    </Routes>
  );
}
