import { Swords, Users, User } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { GameMode } from '@arcadia/contracts';
import { Card, CardBody, cn } from '../../../components/ui';

const accents = ['border-neon-pink/50', 'border-neon-cyan/50', 'border-neon-yellow/50'];

export function ModeCard({
  mode,
  index,
  lang,
}: {
  mode: GameMode;
  index: number;
  lang: 'de' | 'en';
}) {
  const { t } = useTranslation();
  return (
    <Card className={cn('h-full', accents[index % accents.length])}>
      <CardBody className="flex h-full flex-col gap-2">
        <h3 className="flex items-center gap-2 font-display text-xl font-bold text-ink">
          <Swords aria-hidden="true" size={20} className="text-neon-pink-soft" />
          {mode.name[lang]}
        </h3>
        <p className="flex-1 text-ink-muted">{mode.description[lang]}</p>
        <p className="inline-flex items-center gap-1.5 text-sm font-semibold text-neon-cyan-soft">
          {mode.teams ? (
            <Users aria-hidden="true" size={16} />
          ) : (
            <User aria-hidden="true" size={16} />
          )}
          {mode.teams ? t('games.teams') : t('games.solo')}
        </p>
      </CardBody>
    </Card>
  );
}
