import type { GameMode, LocalizedText } from '@arcadia/contracts';

/** The games Arcadia knows, with their modes explained; maps come from the `maps` table. */
export interface Application {
  id: string;
  name: string;
  description: LocalizedText;
  modes: GameMode[];
}

export const APPLICATIONS: Record<string, Application> = {
  commando: {
    id: 'commando',
    name: 'Commando',
    description: {
      de: 'Commando ist das Lasertag-Spiel der Arcadia-Arenen: bis zu acht Spieler pro Gerät, Runden von fünf bis fünfzehn Minuten, drei Spielmodi und wechselnde Karten.',
      en: 'Commando is the laser-tag game of the Arcadia arenas: up to eight players per device, rounds of five to fifteen minutes, three modes and changing maps.',
    },
    modes: [
      {
        type: 'freeforall',
        name: { de: 'Jeder gegen jeden', en: 'Free for all' },
        description: {
          de: 'Jeder spielt für sich. Treffer bringen Punkte, Treffer einstecken kostet welche. Wer am Ende die meisten Punkte hat, gewinnt – bei Gleichstand gewinnen alle Punktgleichen.',
          en: 'Everyone plays for themselves. Hits earn points, being hit costs some. Whoever has the most points at the end wins – on a tie, everyone on top wins.',
        },
        teams: false,
      },
      {
        type: 'elimination',
        name: { de: 'Eliminierung', en: 'Elimination' },
        description: {
          de: 'Zwei Teams, kein Respawn: Wer getroffen wird, scheidet bis zur nächsten Runde aus. Ein Team gewinnt eine Runde, wenn das andere keine Spieler mehr hat; das Team mit den meisten Rundensiegen gewinnt das Spiel.',
          en: 'Two teams, no respawns: whoever is hit is out until the next round. A team wins a round when the other has nobody left; the team with the most rounds won wins the game.',
        },
        teams: true,
      },
      {
        type: 'deathmatch',
        name: { de: 'Team-Deathmatch', en: 'Team deathmatch' },
        description: {
          de: 'Zwei Teams, unbegrenzte Respawns: Jeder Treffer zählt für dein Team. Das Team mit den meisten Treffern nach Ablauf der Zeit gewinnt.',
          en: 'Two teams, unlimited respawns: every hit counts for your team. The team with the most hits when time runs out wins.',
        },
        teams: true,
      },
    ],
  },
};
