import { Route, Routes } from 'react-router';
import { PlayerPage } from './PlayerPage';
import { PlayerSearch } from './PlayerSearch';

/** /admin/players: find a player, and one player (rename, suspend, delete: admins). */
export function Component() {
  return (
    <Routes>
      <Route index element={<PlayerSearch />} />
      <Route path=":playerId" element={<PlayerPage />} />
    </Routes>
  );
}
