import { Gamepad2 } from 'lucide-react';

/** The wordmark: a neon gamepad and ARCADIA. */
export function Logo() {
  return (
    <span className="flex items-center gap-2">
      <Gamepad2
        aria-hidden="true"
        size={26}
        className="text-neon-pink drop-shadow-[0_0_6px_rgb(255_79_184/0.7)]"
      />
      <span className="neon-text font-display text-xl font-extrabold tracking-[0.18em] text-neon-cyan-soft uppercase">
        Arcadia
      </span>
    </span>
  );
}
