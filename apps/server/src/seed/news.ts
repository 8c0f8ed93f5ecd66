import { createEventBus } from '../events/map';
import { publishNews } from '../features/news/service';
import { findNewsBySlug } from '../features/news/repository';
import { richTextFromMarkdown } from '../features/news/markdown';
import type { SeedContext } from './index';
import { neonArtJpeg, type ArtTheme } from './news-art';

interface DemoArticle {
  slug: string;
  theme: ArtTheme;
  daysAgo: number;
  de: { title: string; abstract: string; body: string };
  en: { title: string; abstract: string; body: string };
}

/** Invented demo news about an invented arcade venue; the header art is drawn locally. */
export const DEMO_NEWS: DemoArticle[] = [
  {
    slug: 'die-arcadia-app-ist-da',
    theme: 'app',
    daysAgo: 1,
    de: {
      title: 'Die Arcadia-App ist da',
      abstract:
        'Profil, Spielverlauf, Freunde und Rangliste: ab heute hast du deine Arcade-Karriere immer in der Tasche.',
      body: `Ab heute gibt es **Arcadia** als App für dein Smartphone und im Browser.

## Das kann die App
- Deine **Statistiken**: K/D, Siegquote und deine besten Runden
- Der **Spielverlauf** mit dem Scoreboard jeder Runde
- **Freunde** finden und hinzufügen
- Die [Rangliste](/leaderboard) für alle Spieler

## So geht's los
1. Registriere dich mit deinem Spielernamen
2. Scanne am Gerät den QR-Code unter [Spielen](/play)
3. Spiel eine Runde – dein Ergebnis landet sofort in deinem Profil

Fragen oder Ideen? Schreib uns an [team@arcadia.local](mailto:team@arcadia.local).`,
    },
    en: {
      title: 'The Arcadia app is here',
      abstract:
        'Profile, match history, friends and leaderboard: from today your arcade career fits in your pocket.',
      body: `From today **Arcadia** is available as an app for your phone and in the browser.

## What the app does
- Your **statistics**: K/D, win rate and your best rounds
- Your **match history** with the scoreboard of every round
- Find and add **friends**
- The [leaderboard](/leaderboard) for every player

## Getting started
1. Register with your player name
2. Scan the QR code on the device under [Play](/play)
3. Play a round – your result appears in your profile right away

Questions or ideas? Write to [team@arcadia.local](mailto:team@arcadia.local).`,
    },
  },
  {
    slug: 'turniernacht-commando-cup',
    theme: 'tournament',
    daysAgo: 4,
    de: {
      title: 'Turniernacht: Der Commando Cup',
      abstract:
        'Am letzten Freitag im Monat treten die besten Teams im K.-o.-System gegeneinander an. Anmeldung läuft!',
      body: `Am **letzten Freitag im Monat** wird die Arena zur Bühne: Beim *Commando Cup* spielen Teams zu viert im K.-o.-System.

## Ablauf
- Einlass ab **18:30 Uhr**, erste Runde um **19:00 Uhr**
- Gespielt wird _Elimination_ auf wechselnden Maps
- Das Finale läuft live auf der großen Leinwand

## Preise
1. Platz: Jahreskarte für das ganze Team
2. Platz: 10 Freispiele pro Person
3. Platz: Ruhm, Ehre und ein Platz in der [Rangliste](/leaderboard)

> Tipp: Trainiert vorher auf der neuen Map Neon Docks – sie ist im Turnier dabei.

Anmeldung an der Theke oder per Mail an [turnier@arcadia.local](mailto:turnier@arcadia.local).`,
    },
    en: {
      title: 'Tournament night: the Commando Cup',
      abstract:
        'On the last Friday of the month the best teams meet in a knockout bracket. Sign-up is open!',
      body: `On the **last Friday of the month** the arena becomes a stage: at the *Commando Cup* teams of four play a knockout bracket.

## Schedule
- Doors open at **6:30 pm**, first round at **7:00 pm**
- The mode is _Elimination_ on changing maps
- The final is shown live on the big screen

## Prizes
1. First place: a season pass for the whole team
2. Second place: 10 free games each
3. Third place: fame, glory and a spot on the [leaderboard](/leaderboard)

> Tip: practise on the new map Neon Docks – it is part of the tournament.

Sign up at the counter or by mail to [turnier@arcadia.local](mailto:turnier@arcadia.local).`,
    },
  },
  {
    slug: 'neue-map-neon-docks',
    theme: 'map',
    daysAgo: 9,
    de: {
      title: 'Neue Map: Neon Docks',
      abstract:
        'Container, Laufstege und enge Gassen: Die neue Map bringt mehr Deckung und mehr Höhe ins Spiel.',
      body: `Die neue Map **Neon Docks** ist ab sofort in allen Modi spielbar.

## Was ist neu?
- Zwei Ebenen mit **Laufstegen** über dem Hafenbecken
- Stapel aus Containern als **Deckung**
- Ein Leuchtturm in der Mitte – wer ihn hält, sieht alles

## Unsere Tipps
- Im _Deathmatch_ lohnt sich der schnelle Weg über die Stege
- Bei _Elimination_ gewinnt, wer die Gassen kontrolliert

Alle Maps und Regeln findest du in der [Spieleübersicht](/games/overview/commando).`,
    },
    en: {
      title: 'New map: Neon Docks',
      abstract:
        'Containers, catwalks and narrow alleys: the new map brings more cover and more height into play.',
      body: `The new map **Neon Docks** can be played in every mode from today.

## What is new?
- Two levels with **catwalks** above the harbour basin
- Stacks of containers as **cover**
- A lighthouse in the middle – whoever holds it sees everything

## Our tips
- In _Deathmatch_ the fast way across the catwalks pays off
- In _Elimination_ the team that controls the alleys wins

Every map and rule is in the [games overview](/games/overview/commando).`,
    },
  },
  {
    slug: 'ranglisten-saison-1',
    theme: 'leaderboard',
    daysAgo: 15,
    de: {
      title: 'Die erste Ranglisten-Saison startet',
      abstract:
        'Punkte, K/D und Siege zählen ab jetzt für die Saison-Rangliste. Die Besten gewinnen Freispiele.',
      body: `Ab sofort läuft die **erste Saison** der Arcadia-Rangliste.

## So wird gewertet
- **Punkte**: die Summe deiner Scores
- **K/D**: Kills geteilt durch Deaths
- **Siege**: gewonnene Runden

Es gibt Ranglisten für **alle Zeiten**, den **Monat** und die **Woche** – und eine nur mit deinen Freunden.

## Preise zum Saisonende
- Platz 1 bis 3 in jeder Wertung: **20 Freispiele**
- Alle Top 10: das exklusive Saison-Abzeichen

Schau jetzt nach, wo du stehst: [zur Rangliste](/leaderboard/commando).`,
    },
    en: {
      title: 'The first leaderboard season starts',
      abstract:
        'Points, K/D and wins now count towards the season leaderboard. The best players win free games.',
      body: `The **first season** of the Arcadia leaderboard starts now.

## How it is scored
- **Points**: the sum of your scores
- **K/D**: kills divided by deaths
- **Wins**: rounds won

There are leaderboards for **all time**, the **month** and the **week** – and one with just your friends.

## Prizes at the end of the season
- Places 1 to 3 in every ranking: **20 free games**
- Everyone in the top 10: the exclusive season badge

See where you stand: [to the leaderboard](/leaderboard/commando).`,
    },
  },
  {
    slug: 'neue-lasertag-arena-eroeffnet',
    theme: 'arena',
    daysAgo: 22,
    de: {
      title: 'Neue Lasertag-Arena eröffnet',
      abstract:
        '600 Quadratmeter, Nebel, Schwarzlicht und Platz für 16 Spieler: Unsere neue Arena ist offen.',
      body: `Es ist so weit: Die **neue Lasertag-Arena** hat ihre Türen geöffnet.

## Die Arena in Zahlen
- **600 m²** auf zwei Ebenen
- Platz für bis zu **16 Spieler** gleichzeitig
- Nebel, Schwarzlicht und ein Soundsystem, das man im Bauch spürt

## Eröffnungswochenende
Am Samstag und Sonntag ist jede **zweite Runde gratis**. Bring deine Freunde mit – zu zweit macht es doppelt Spaß.

---

Öffnungszeiten: Mittwoch bis Sonntag, 14 bis 23 Uhr. Gruppen ab 8 Personen bitte vorher per Mail an [team@arcadia.local](mailto:team@arcadia.local) anmelden.`,
    },
    en: {
      title: 'New laser tag arena opens',
      abstract:
        '600 square metres, fog, black light and room for 16 players: our new arena is open.',
      body: `The time has come: the **new laser tag arena** has opened its doors.

## The arena in numbers
- **600 m²** on two levels
- Room for up to **16 players** at once
- Fog, black light and a sound system you feel in your stomach

## Opening weekend
On Saturday and Sunday every **second round is free**. Bring your friends – it is twice the fun.

---

Opening hours: Wednesday to Sunday, 2 pm to 11 pm. Groups of 8 or more please book ahead by mail to [team@arcadia.local](mailto:team@arcadia.local).`,
    },
  },
];

const translation = (t: { title: string; abstract: string; body: string }) => ({
  title: t.title,
  abstract: t.abstract,
  content: richTextFromMarkdown(t.body),
  markdown: t.body,
});

/** Publishes the demo articles (skipping any slug that exists) with their generated headers. */
export async function seedNews({ db, log }: SeedContext): Promise<void> {
  // A bus without handlers: demo articles notify nobody.
  const quiet = createEventBus();
  let published = 0;
  for (const [index, article] of DEMO_NEWS.entries()) {
    if (await findNewsBySlug(db, article.slug, 'all')) continue;
    await publishNews(db, quiet, {
      slug: article.slug,
      translations: { de: translation(article.de), en: translation(article.en) },
      header: { data: await neonArtJpeg(article.theme, index + 1), name: article.slug },
      publishedAt: new Date(Date.now() - article.daysAgo * 86_400_000),
    });
    published += 1;
  }
  log.info({ published }, 'seeded demo news');
}
