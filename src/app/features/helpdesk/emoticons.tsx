/**
 * The 57 animated emoticons of the chat (spec 9: ids 0 to 56), drawn here as small inline SVGs
 * and moved with CSS (Emoticon.module.css), so that they need no file, no font and no network.
 * Faces are put together from eyes, a mouth and extras; the rest are symbols a trader sends
 * (a heart, a thumbs up, a rocket, a chart going up). Each has a name for screen readers and the
 * picker's tooltip. The order is the ids': a token `#id;` always shows the same emoticon.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ReactNode } from 'react';

type Skin = 'yellow' | 'red' | 'green' | 'blue' | 'purple';
type Eyes =
  | 'dot'
  | 'happy'
  | 'closed'
  | 'wink'
  | 'heart'
  | 'star'
  | 'wide'
  | 'rolled'
  | 'cross'
  | 'shades'
  | 'glasses'
  | 'sleepy'
  | 'money'
  | 'spiral'
  | 'angry'
  | 'sad'
  | 'line'
  | 'teary'
  | 'raised';
type Mouth = 'smile' | 'grin' | 'laugh' | 'open' | 'small' | 'scream' | 'flat' | 'frown' | 'tongue' | 'kiss' | 'wavy' | 'smirk' | 'teeth' | 'zip' | 'mask';
type Extra = 'blush' | 'tear' | 'joy' | 'streams' | 'sweat' | 'halo' | 'horns' | 'zzz' | 'heart' | 'steam' | 'party';
/** How the whole emoticon moves (a class of Emoticon.module.css). */
export type Motion =
  | 'bounce'
  | 'wobble'
  | 'pulse'
  | 'shake'
  | 'float'
  | 'tilt'
  | 'nod'
  | 'beat'
  | 'wave'
  | 'twinkle'
  | 'flicker'
  | 'rise'
  | 'flip'
  | 'roll'
  | 'upsideDown'
  | 'spin';

interface FaceArt {
  kind: 'face';
  skin?: Skin;
  eyes: Eyes;
  mouth: Mouth;
  extras?: Extra[];
}

type SymbolName = 'heart' | 'thumbsUp' | 'thumbsDown' | 'wave' | 'star' | 'fire' | 'check' | 'rocket' | 'coin' | 'chartUp' | 'gift' | 'trophy' | 'bulb';

interface SymbolArt {
  kind: 'symbol';
  symbol: SymbolName;
}

export interface EmoticonDefinition {
  id: number;
  name: MessageDescriptor;
  art: FaceArt | SymbolArt;
  motion: Motion;
}

function face(eyes: Eyes, mouth: Mouth, extras: Extra[] = [], skin: Skin = 'yellow'): FaceArt {
  return { kind: 'face', eyes, mouth, extras, skin };
}

function symbol(name: SymbolName): SymbolArt {
  return { kind: 'symbol', symbol: name };
}

const DEFINITIONS: Omit<EmoticonDefinition, 'id'>[] = [
  { name: msg`Smile`, art: face('dot', 'smile'), motion: 'bounce' },
  { name: msg`Grin`, art: face('dot', 'grin'), motion: 'bounce' },
  { name: msg`Big smile`, art: face('happy', 'grin'), motion: 'bounce' },
  { name: msg`Laughing`, art: face('happy', 'laugh'), motion: 'shake' },
  { name: msg`Tears of joy`, art: face('happy', 'laugh', ['joy']), motion: 'shake' },
  { name: msg`Rolling with laughter`, art: face('happy', 'laugh', ['joy']), motion: 'roll' },
  { name: msg`Wink`, art: face('wink', 'smile'), motion: 'tilt' },
  { name: msg`Blushing`, art: face('happy', 'smile', ['blush']), motion: 'pulse' },
  { name: msg`Heart eyes`, art: face('heart', 'grin'), motion: 'beat' },
  { name: msg`Star-struck`, art: face('star', 'grin'), motion: 'twinkle' },
  { name: msg`Blowing a kiss`, art: face('wink', 'kiss', ['heart']), motion: 'float' },
  { name: msg`Cool`, art: face('shades', 'smirk'), motion: 'nod' },
  { name: msg`Nerd`, art: face('glasses', 'teeth'), motion: 'bounce' },
  { name: msg`Thinking`, art: face('raised', 'smirk'), motion: 'tilt' },
  { name: msg`Tongue out`, art: face('dot', 'tongue'), motion: 'wobble' },
  { name: msg`Winking with tongue`, art: face('wink', 'tongue'), motion: 'wobble' },
  { name: msg`Money face`, art: face('money', 'tongue'), motion: 'pulse' },
  { name: msg`Angel`, art: face('closed', 'smile', ['halo']), motion: 'float' },
  { name: msg`Devil`, art: face('angry', 'smirk', ['horns'], 'purple'), motion: 'wobble' },
  { name: msg`Neutral`, art: face('dot', 'flat'), motion: 'nod' },
  { name: msg`Expressionless`, art: face('line', 'flat'), motion: 'nod' },
  { name: msg`Eye roll`, art: face('rolled', 'flat'), motion: 'tilt' },
  { name: msg`Smirk`, art: face('dot', 'smirk'), motion: 'tilt' },
  { name: msg`Confused`, art: face('dot', 'wavy'), motion: 'wobble' },
  { name: msg`Surprised`, art: face('wide', 'open'), motion: 'pulse' },
  { name: msg`Shocked`, art: face('wide', 'scream', [], 'blue'), motion: 'shake' },
  { name: msg`Worried`, art: face('sad', 'small', ['sweat']), motion: 'wobble' },
  { name: msg`Sad`, art: face('sad', 'frown'), motion: 'float' },
  { name: msg`Crying`, art: face('closed', 'frown', ['streams']), motion: 'shake' },
  { name: msg`Teary eyes`, art: face('teary', 'frown', ['tear']), motion: 'pulse' },
  { name: msg`Angry`, art: face('angry', 'frown', [], 'red'), motion: 'shake' },
  { name: msg`Furious`, art: face('angry', 'teeth', ['steam'], 'red'), motion: 'shake' },
  { name: msg`Grimacing`, art: face('wide', 'teeth'), motion: 'shake' },
  { name: msg`Relieved`, art: face('closed', 'smile', ['sweat']), motion: 'float' },
  { name: msg`Sleepy`, art: face('sleepy', 'small', ['zzz']), motion: 'float' },
  { name: msg`Sleeping`, art: face('closed', 'small', ['zzz']), motion: 'pulse' },
  { name: msg`Dizzy`, art: face('spiral', 'open'), motion: 'wobble' },
  { name: msg`Sick`, art: face('sleepy', 'wavy', [], 'green'), motion: 'wobble' },
  { name: msg`Face with mask`, art: face('closed', 'mask'), motion: 'pulse' },
  { name: msg`Freezing`, art: face('cross', 'teeth', [], 'blue'), motion: 'shake' },
  { name: msg`Hot`, art: face('dot', 'tongue', ['sweat'], 'red'), motion: 'pulse' },
  { name: msg`Party`, art: face('happy', 'grin', ['party']), motion: 'bounce' },
  { name: msg`Zipped mouth`, art: face('dot', 'zip'), motion: 'nod' },
  { name: msg`Upside-down face`, art: face('dot', 'smile'), motion: 'upsideDown' },
  { name: msg`Heart`, art: symbol('heart'), motion: 'beat' },
  { name: msg`Thumbs up`, art: symbol('thumbsUp'), motion: 'nod' },
  { name: msg`Thumbs down`, art: symbol('thumbsDown'), motion: 'nod' },
  { name: msg`Waving hand`, art: symbol('wave'), motion: 'wave' },
  { name: msg`Star`, art: symbol('star'), motion: 'spin' },
  { name: msg`Fire`, art: symbol('fire'), motion: 'flicker' },
  { name: msg`Check mark`, art: symbol('check'), motion: 'pulse' },
  { name: msg`Rocket`, art: symbol('rocket'), motion: 'rise' },
  { name: msg`Coin`, art: symbol('coin'), motion: 'flip' },
  { name: msg`Chart going up`, art: symbol('chartUp'), motion: 'bounce' },
  { name: msg`Gift`, art: symbol('gift'), motion: 'wobble' },
  { name: msg`Trophy`, art: symbol('trophy'), motion: 'bounce' },
  { name: msg`Light bulb`, art: symbol('bulb'), motion: 'twinkle' },
];

export const EMOTICONS: readonly EmoticonDefinition[] = DEFINITIONS.map((definition, id) => ({ id, ...definition }));

// ---- Drawing --------------------------------------------------------------------------------

const INK = '#3d2614';
const TEAR = '#4aa8ef';
const SKINS: Record<Skin, { fill: string; edge: string }> = {
  yellow: { fill: '#ffc93c', edge: '#e09b12' },
  red: { fill: '#ff7a5c', edge: '#d4472b' },
  green: { fill: '#a8d86b', edge: '#6b9f38' },
  blue: { fill: '#a6d8f7', edge: '#4f9bd1' },
  purple: { fill: '#a77bdb', edge: '#7045ab' },
};
const EYE_X = [11, 21] as const;
const EYE_Y = 14;

/** A heart whose bottom point is r below (cx, cy). */
function heartPath(cx: number, cy: number, r: number): string {
  return `M${cx} ${cy + r}C${cx - 2 * r} ${cy - 0.2 * r} ${cx - r} ${cy - 1.6 * r} ${cx} ${cy - 0.5 * r}C${cx + r} ${cy - 1.6 * r} ${cx + 2 * r} ${cy - 0.2 * r} ${cx} ${cy + r}Z`;
}

function starPoints(cx: number, cy: number, outer: number, inner: number): string {
  const points: string[] = [];
  for (let index = 0; index < 10; index += 1) {
    const radius = index % 2 === 0 ? outer : inner;
    const angle = (Math.PI / 5) * index - Math.PI / 2;
    points.push(`${(cx + radius * Math.cos(angle)).toFixed(2)},${(cy + radius * Math.sin(angle)).toFixed(2)}`);
  }
  return points.join(' ');
}

function stroke(width = 1.9, color = INK) {
  return { fill: 'none', stroke: color, strokeWidth: width, strokeLinecap: 'round' as const, strokeLinejoin: 'round' as const };
}

function eyePair(draw: (x: number, side: 0 | 1) => ReactNode): ReactNode {
  return (
    <>
      {draw(EYE_X[0], 0)}
      {draw(EYE_X[1], 1)}
    </>
  );
}

function drawEyes(eyes: Eyes, classes: EmoticonClasses): ReactNode {
  const blinkClass = classes.blink;
  switch (eyes) {
    case 'dot':
      return (
        <g className={blinkClass}>
          {eyePair((x) => (
            <circle key={x} cx={x} cy={EYE_Y} r={1.9} fill={INK} />
          ))}
        </g>
      );
    case 'happy':
      return eyePair((x) => <path key={x} d={`M${x - 2.5} ${EYE_Y + 1}Q${x} ${EYE_Y - 2.6} ${x + 2.5} ${EYE_Y + 1}`} {...stroke()} />);
    case 'closed':
      return eyePair((x) => <path key={x} d={`M${x - 2.5} ${EYE_Y - 0.5}Q${x} ${EYE_Y + 2} ${x + 2.5} ${EYE_Y - 0.5}`} {...stroke()} />);
    case 'wink':
      return (
        <>
          <circle cx={EYE_X[0]} cy={EYE_Y} r={1.9} fill={INK} />
          <path d={`M${EYE_X[1] - 2.5} ${EYE_Y + 0.6}Q${EYE_X[1]} ${EYE_Y - 2.2} ${EYE_X[1] + 2.5} ${EYE_Y + 0.6}`} {...stroke()} />
        </>
      );
    case 'heart':
      return eyePair((x) => <path key={x} d={heartPath(x, EYE_Y - 0.2, 2.2)} fill="#e8344e" />);
    case 'star':
      return eyePair((x) => <polygon key={x} points={starPoints(x, EYE_Y, 3.2, 1.4)} fill="#ff9f1a" stroke="#d9480f" strokeWidth={0.5} />);
    case 'wide':
    case 'rolled': {
      const pupilY = eyes === 'rolled' ? EYE_Y - 1.5 : EYE_Y;
      return (
        <g className={blinkClass}>
          {eyePair((x) => (
            <g key={x}>
              <ellipse cx={x} cy={EYE_Y} rx={2.7} ry={3.1} fill="#fff" stroke={INK} strokeWidth={0.8} />
              <circle cx={x} cy={pupilY} r={1.35} fill={INK} />
            </g>
          ))}
        </g>
      );
    }
    case 'cross':
      return eyePair((x) => <path key={x} d={`M${x - 2} ${EYE_Y - 2}L${x + 2} ${EYE_Y + 2}M${x + 2} ${EYE_Y - 2}L${x - 2} ${EYE_Y + 2}`} {...stroke(1.7)} />);
    case 'shades':
      return (
        <g>
          <path d="M5.8 11.2H14.6Q14.6 16.8 10.4 16.8Q5.8 16.8 5.8 11.2ZM17.4 11.2H26.2Q26.2 16.8 21.6 16.8Q17.4 16.8 17.4 11.2Z" fill="#1e2329" />
          <path d="M14.6 12.2H17.4M4.6 11.4H5.8M26.2 11.4H27.4" {...stroke(1.2, '#1e2329')} />
          <path d="M7.6 12.6L9.4 12.6M19.2 12.6L21 12.6" {...stroke(0.9, '#8fa3b8')} />
        </g>
      );
    case 'glasses':
      return (
        <g>
          {eyePair((x) => (
            <g key={x}>
              <circle cx={x} cy={EYE_Y} r={3.4} fill="#eaf4fb" stroke={INK} strokeWidth={1.2} />
              <circle cx={x} cy={EYE_Y + 0.3} r={1.4} fill={INK} />
            </g>
          ))}
          <path d="M14.4 13.6Q16 12.6 17.6 13.6" {...stroke(1.2)} />
        </g>
      );
    case 'sleepy':
      return eyePair((x) => (
        <g key={x}>
          <path d={`M${x - 2.3} ${EYE_Y}A2.3 2.3 0 0 0 ${x + 2.3} ${EYE_Y}Z`} fill={INK} />
          <path d={`M${x - 2.8} ${EYE_Y - 0.2}H${x + 2.8}`} {...stroke(1.3)} />
        </g>
      ));
    case 'money':
      return eyePair((x) => (
        <text key={x} x={x} y={EYE_Y + 2.6} fontSize={7.5} fontWeight={800} textAnchor="middle" fill="#1f8a3b" fontFamily="Arial, sans-serif">
          $
        </text>
      ));
    case 'spiral':
      return eyePair((x, side) => (
        <g key={x} className={classes.spinParts} style={{ transformOrigin: `${x}px ${EYE_Y}px`, animationDirection: side === 0 ? 'normal' : 'reverse' }}>
          <path d={`M${x} ${EYE_Y}m0.6 0a0.6 0.6 0 1 1 -1.2 0a1.2 1.2 0 1 1 2.4 0a1.8 1.8 0 1 1 -3.6 0a2.4 2.4 0 1 1 4.8 0`} {...stroke(0.9)} />
        </g>
      ));
    case 'angry':
      return (
        <>
          <g className={blinkClass}>
            {eyePair((x) => (
              <circle key={x} cx={x} cy={EYE_Y + 0.6} r={1.8} fill={INK} />
            ))}
          </g>
          <path d="M7.6 10.4L13.4 12.4M24.4 10.4L18.6 12.4" {...stroke(1.7)} />
        </>
      );
    case 'sad':
      return (
        <>
          <g className={blinkClass}>
            {eyePair((x) => (
              <circle key={x} cx={x} cy={EYE_Y + 0.4} r={1.8} fill={INK} />
            ))}
          </g>
          <path d="M8 11.8L13 10M24 11.8L19 10" {...stroke(1.5)} />
        </>
      );
    case 'line':
      return eyePair((x) => <path key={x} d={`M${x - 2.5} ${EYE_Y}H${x + 2.5}`} {...stroke()} />);
    case 'teary':
      return eyePair((x) => (
        <g key={x}>
          <ellipse cx={x} cy={EYE_Y} rx={2.4} ry={2.8} fill={INK} />
          <circle cx={x - 0.8} cy={EYE_Y - 1} r={0.9} fill="#fff" />
          <circle cx={x + 0.9} cy={EYE_Y + 1} r={0.45} fill="#fff" />
          <path d={`M${x - 2.6} ${EYE_Y + 2.6}Q${x} ${EYE_Y + 4} ${x + 2.6} ${EYE_Y + 2.6}`} {...stroke(1, TEAR)} />
        </g>
      ));
    case 'raised':
      return (
        <>
          <g className={blinkClass}>
            {eyePair((x) => (
              <circle key={x} cx={x} cy={EYE_Y} r={1.8} fill={INK} />
            ))}
          </g>
          <path d="M8.2 10.8Q11 8.4 13.6 10.2M18.6 11.2H23.6" {...stroke(1.5)} />
        </>
      );
  }
}

function drawMouth(mouth: Mouth): ReactNode {
  switch (mouth) {
    case 'smile':
      return <path d="M10 20.5Q16 26.5 22 20.5" {...stroke()} />;
    case 'grin':
      return (
        <g>
          <path d="M9.5 19.5H22.5Q22 26.6 16 26.6Q10 26.6 9.5 19.5Z" fill={INK} />
          <path d="M10.2 20H21.8Q21.6 21.9 21.2 22.2H10.8Q10.4 21.9 10.2 20Z" fill="#fff" />
        </g>
      );
    case 'laugh':
      return (
        <g>
          <path d="M8.5 18.8H23.5Q23 28.2 16 28.2Q9 28.2 8.5 18.8Z" fill={INK} />
          <path d="M9.3 19.3H22.7Q22.5 21 22.1 21.4H9.9Q9.5 21 9.3 19.3Z" fill="#fff" />
          <path d="M11.6 26.2Q16 23.4 20.4 26.2Q18.6 28.2 16 28.2Q13.4 28.2 11.6 26.2Z" fill="#f26d7d" />
        </g>
      );
    case 'open':
      return <ellipse cx={16} cy={23} rx={2.6} ry={3.1} fill={INK} />;
    case 'small':
      return <ellipse cx={16} cy={23.2} rx={1.6} ry={1.9} fill={INK} />;
    case 'scream':
      return <ellipse cx={16} cy={23.4} rx={3.2} ry={4.3} fill={INK} />;
    case 'flat':
      return <path d="M11.5 22.5H20.5" {...stroke()} />;
    case 'frown':
      return <path d="M10.5 25Q16 19.4 21.5 25" {...stroke()} />;
    case 'tongue':
      return (
        <g>
          <path d="M15.4 22.6Q15.2 27.6 18 27.6Q20.8 27.6 20.6 22.4Z" fill="#f26d7d" stroke="#c9404f" strokeWidth={0.6} />
          <path d="M18 23.2V25.8" {...stroke(0.6, '#c9404f')} />
          <path d="M10 20.5Q16 25.2 22 20.5" {...stroke()} />
        </g>
      );
    case 'kiss':
      return <path d="M14.5 19.8Q18.2 20.8 15.3 22.5Q18.2 24.2 14.5 25.2" {...stroke(1.7)} />;
    case 'wavy':
      return <path d="M10 23Q11.5 21 13 23T16 23T19 23T22 23" {...stroke(1.6)} />;
    case 'smirk':
      return <path d="M11.8 23.2Q18 24.6 21.6 20.4" {...stroke()} />;
    case 'teeth':
      return (
        <g>
          <rect x={9.5} y={20} width={13} height={5.6} rx={2} fill="#fff" stroke={INK} strokeWidth={1.2} />
          <path d="M9.5 22.8H22.5M12.8 20V25.6M16 20V25.6M19.2 20V25.6" {...stroke(0.8)} />
        </g>
      );
    case 'zip':
      return (
        <g>
          <path d="M10 22.5H22" {...stroke(1.6)} />
          <path d="M11.5 21.2V23.8M13.5 21.2V23.8M15.5 21.2V23.8M17.5 21.2V23.8M19.5 21.2V23.8" {...stroke(0.9)} />
          <rect x={21.4} y={21.2} width={2.6} height={3.6} rx={0.8} fill="#9aa5b1" stroke={INK} strokeWidth={0.7} />
        </g>
      );
    case 'mask':
      return (
        <g>
          <path d="M7.6 20.6L4.4 18.4M24.4 20.6L27.6 18.4" {...stroke(0.9, '#9aa5b1')} />
          <rect x={7.6} y={18.4} width={16.8} height={8.6} rx={3.2} fill="#fff" stroke="#9aa5b1" strokeWidth={0.9} />
          <path d="M9.6 21.2H22.4M9.6 24.2H22.4" {...stroke(0.7, '#c3cad3')} />
        </g>
      );
  }
}

/** Extras drawn behind the face (halo, horns, party hat) and in front of it (the rest). */
function drawExtras(extras: readonly Extra[], layer: 'back' | 'front', classes: EmoticonClasses): ReactNode {
  return extras.map((extra) => {
    const key = `${extra}-${layer}`;
    switch (extra) {
      case 'halo':
        return layer === 'back' ? <ellipse key={key} cx={16} cy={3.4} rx={8} ry={2} {...stroke(1.8, '#f5c518')} /> : null;
      case 'horns':
        return layer === 'back' ? <path key={key} d="M7.2 8.6L5 2.4L11.4 5.6ZM24.8 8.6L27 2.4L20.6 5.6Z" fill="#5a2f91" /> : null;
      case 'party':
        return layer === 'front' ? (
          <g key={key}>
            <path d="M10.6 7.6L18.6 0.9L21.6 9Z" fill="#6c5ce7" stroke="#4b3bb8" strokeWidth={0.6} />
            <path d="M13.4 5.4L20.2 5.2M16.1 3.1L19.4 3" {...stroke(0.9, '#ffd23f')} />
            <circle cx={18.6} cy={1.4} r={1.3} fill="#ff6b81" />
            <g className={classes.twinkleParts}>
              <rect x={3} y={6} width={2} height={1.2} fill="#2ebd85" transform="rotate(30 4 6.6)" />
              <rect x={27} y={12} width={2} height={1.2} fill="#ff6b81" transform="rotate(-25 28 12.6)" />
              <rect x={2.6} y={21} width={2} height={1.2} fill="#4aa8ef" transform="rotate(60 3.6 21.6)" />
            </g>
          </g>
        ) : null;
      case 'blush':
        return layer === 'front' ? (
          <g key={key} opacity={0.6}>
            <ellipse cx={7.8} cy={19} rx={2.3} ry={1.3} fill="#ff7f96" />
            <ellipse cx={24.2} cy={19} rx={2.3} ry={1.3} fill="#ff7f96" />
          </g>
        ) : null;
      case 'tear':
        return layer === 'front' ? <path key={key} className={classes.drip} d="M23.8 17Q26 20 23.8 21.4Q21.6 20 23.8 17Z" fill={TEAR} /> : null;
      case 'joy':
        return layer === 'front' ? (
          <g key={key} className={classes.drip}>
            <path d="M6.4 14.2Q3.8 17.6 5.6 19Q7.8 18.4 6.4 14.2Z" fill={TEAR} />
            <path d="M25.6 14.2Q28.2 17.6 26.4 19Q24.2 18.4 25.6 14.2Z" fill={TEAR} />
          </g>
        ) : null;
      case 'streams':
        return layer === 'front' ? (
          <g key={key} className={classes.drip}>
            <path d="M9.6 16.2Q9 21.6 10.2 27.4M22.4 16.2Q23 21.6 21.8 27.4" {...stroke(2, TEAR)} opacity={0.9} />
          </g>
        ) : null;
      case 'sweat':
        return layer === 'front' ? (
          <path key={key} className={classes.drip} d="M25.4 4.8Q27.9 8.4 25.4 9.9Q22.9 8.4 25.4 4.8Z" fill="#7cc4f5" stroke="#3b8fd0" strokeWidth={0.5} />
        ) : null;
      case 'zzz':
        return layer === 'front' ? (
          <g key={key} className={classes.floatParts}>
            <path d="M22.6 6.4H25.6L22.6 9.4H25.6" {...stroke(1.1, '#5e6673')} />
            <path d="M26.8 1.6H29L26.8 3.8H29" {...stroke(0.9, '#5e6673')} />
          </g>
        ) : null;
      case 'heart':
        return layer === 'front' ? <path key={key} className={classes.floatParts} d={heartPath(26.2, 7, 1.8)} fill="#e8344e" /> : null;
      case 'steam':
        return layer === 'front' ? (
          <g key={key} className={classes.floatParts} fill="#eef1f4" stroke="#9aa5b1" strokeWidth={0.6}>
            <circle cx={4.6} cy={7.2} r={1.9} />
            <circle cx={3.2} cy={9.8} r={1.5} />
            <circle cx={27.4} cy={7.2} r={1.9} />
            <circle cx={28.8} cy={9.8} r={1.5} />
          </g>
        ) : null;
    }
  });
}

function drawFace(art: FaceArt, classes: EmoticonClasses): ReactNode {
  const skin = SKINS[art.skin ?? 'yellow'];
  const extras = art.extras ?? [];
  return (
    <>
      {drawExtras(extras, 'back', classes)}
      <circle cx={16} cy={17} r={13} fill={skin.fill} stroke={skin.edge} strokeWidth={1} />
      <ellipse cx={12} cy={9.6} rx={5} ry={2.4} fill="#fff" opacity={0.28} />
      {drawEyes(art.eyes, classes)}
      {drawMouth(art.mouth)}
      {drawExtras(extras, 'front', classes)}
    </>
  );
}

const HAND = { fill: '#ffc93c', stroke: '#e09b12', strokeWidth: 0.9, strokeLinejoin: 'round' as const };

function drawThumb(): ReactNode {
  return (
    <g>
      <rect x={4.6} y={14} width={5.4} height={13} rx={1.2} fill="#4f9bd1" stroke="#2f6f9f" strokeWidth={0.8} />
      <path d="M10 15.2L14 8.6Q15.2 6 17 6.8Q18.6 7.7 17.9 10.6L17.1 13.6H24.2Q26.7 13.6 26.4 16.1L25.1 24.6Q24.7 26.8 22.5 26.8H10Z" {...HAND} />
      <path d="M17.6 17.6H25.6M17.4 21.2H25.1M17.6 24.4H24.4" {...stroke(0.8, '#e09b12')} />
    </g>
  );
}

function drawSymbol(name: SymbolName, classes: EmoticonClasses): ReactNode {
  switch (name) {
    case 'heart':
      return (
        <g>
          <path d={heartPath(16, 17, 7.4)} fill="#f0435a" stroke="#c5283f" strokeWidth={0.8} />
          <ellipse cx={10.6} cy={11.6} rx={2.2} ry={1.4} fill="#fff" opacity={0.55} transform="rotate(-35 10.6 11.6)" />
        </g>
      );
    case 'thumbsUp':
      return drawThumb();
    case 'thumbsDown':
      return <g transform="rotate(180 16 16.5)">{drawThumb()}</g>;
    case 'wave':
      return (
        <g>
          <path
            d="M11.4 27.4Q6.6 22.4 7.6 16.2L8.8 11.4Q9.4 9.8 10.7 10.2Q11.8 10.7 11.4 12.3L10.9 15.2L12.6 6.6Q13 5 14.4 5.3Q15.7 5.7 15.3 7.3L14 14.1L15.9 5.1Q16.3 3.6 17.7 3.9Q19 4.3 18.6 5.9L16.9 14.3L19 7.1Q19.4 5.6 20.8 6Q22 6.5 21.6 8L19.4 16.6Q21.7 14.5 23.6 13.4Q25.2 12.7 25.8 14Q26.2 15.1 25 16.2Q21.2 20 19.6 23.1Q17.7 27.2 14 27.6Z"
            {...HAND}
          />
          <path d="M26.6 4.8Q28.8 6.8 28.8 9.6M24.6 2.4Q27 3 28.6 5" {...stroke(1, '#5e6673')} />
        </g>
      );
    case 'star':
      return <polygon points={starPoints(16, 16.8, 12.6, 5.4)} fill="#ffc93c" stroke="#e09b12" strokeWidth={1} strokeLinejoin="round" />;
    case 'fire':
      return (
        <g className={classes.flameParts}>
          <path
            d="M16 2.6Q19.2 8.8 23.2 12Q27.4 16.2 25.2 22.2Q23 28.8 16 29.2Q9 28.8 6.9 22.2Q5.4 16.6 10 12.4Q10.6 16 13.1 17.1Q12 10 16 2.6Z"
            fill="#ff7a1a"
          />
          <path d="M16 14Q19.6 18 20.6 21.6Q21 26.6 16 27.1Q11 26.6 11.5 22Q12 19 14 18Q14.1 21 15.6 21.6Q14.5 17.5 16 14Z" fill="#ffd23f" />
        </g>
      );
    case 'check':
      return (
        <g>
          <circle cx={16} cy={16} r={13} fill="#2ebd85" />
          <path d="M9.4 16.6L14 21.2L23 11.6" {...stroke(3, '#fff')} />
        </g>
      );
    case 'rocket':
      return (
        <g>
          <path className={classes.flameParts} d="M12.6 20Q16 31.4 19.4 20Z" fill="#ff9f1a" />
          <path d="M10.6 14.2L6.4 20.6L10.8 20ZM21.4 14.2L25.6 20.6L21.2 20Z" fill="#f0435a" />
          <path d="M16 2.6Q22.2 7.8 21.6 20H10.4Q9.8 7.8 16 2.6Z" fill="#eef2f7" stroke="#8a97a8" strokeWidth={0.9} />
          <circle cx={16} cy={11.2} r={2.7} fill="#4aa8ef" stroke="#8a97a8" strokeWidth={0.9} />
        </g>
      );
    case 'coin':
      return (
        <g>
          <circle cx={16} cy={16} r={12.6} fill="#f7b500" stroke="#c98b00" strokeWidth={1.2} />
          <circle cx={16} cy={16} r={9.4} fill="none" stroke="#ffe08a" strokeWidth={1.2} />
          <text x={16} y={21.4} fontSize={15} fontWeight={800} textAnchor="middle" fill="#9a6500" fontFamily="Arial, sans-serif">
            $
          </text>
        </g>
      );
    case 'chartUp':
      return (
        <g>
          <rect x={3.5} y={5} width={25} height={22} rx={3.5} fill="#e6f7ef" stroke="#2ebd85" strokeWidth={1} />
          <path d="M7 22.5L12.4 16.6L16.2 19.6L24.6 10" {...stroke(2.4, '#0e8a5f')} />
          <path d="M19.8 10H24.6V14.8" {...stroke(2.4, '#0e8a5f')} />
        </g>
      );
    case 'gift':
      return (
        <g>
          <path d="M16 10.6Q10 3.8 9.2 7.8Q9 10.6 16 10.6ZM16 10.6Q22 3.8 22.8 7.8Q23 10.6 16 10.6Z" fill="#ffd23f" stroke="#d9a400" strokeWidth={0.7} />
          <rect x={6} y={14.6} width={20} height={12.8} rx={1.2} fill="#f0435a" />
          <rect x={5} y={10.6} width={22} height={4.6} rx={1.2} fill="#ff6b81" />
          <rect x={14.5} y={10.6} width={3} height={16.8} fill="#ffd23f" />
        </g>
      );
    case 'trophy':
      return (
        <g>
          <path d="M9.2 6.8H5.8Q5.4 12.8 10.4 13.8M22.8 6.8H26.2Q26.6 12.8 21.6 13.8" {...stroke(1.6, '#e09b12')} />
          <path d="M9 4.6H23V11Q23 18.2 16 18.6Q9 18.2 9 11Z" fill="#ffc93c" stroke="#e09b12" strokeWidth={0.9} />
          <rect x={14.5} y={18.4} width={3} height={4} fill="#e09b12" />
          <rect x={10} y={22.2} width={12} height={4.4} rx={1} fill="#8a5a2b" />
          <polygon points={starPoints(16, 10.6, 3.2, 1.4)} fill="#fff3c4" />
        </g>
      );
    case 'bulb':
      return (
        <g>
          <path className={classes.twinkleParts} d="M16 0.8V2.4M4.4 5.6L5.6 6.8M27.6 5.6L26.4 6.8M1.8 13.4H3.4M28.6 13.4H30.2" {...stroke(1.3, '#f5c518')} />
          <path d="M16 4Q24 4 24 12Q24 16 20.6 19V22H11.4V19Q8 16 8 12Q8 4 16 4Z" fill="#ffe066" stroke="#e09b12" strokeWidth={0.9} />
          <path d="M13.4 18.6L14.4 12.6L16 14.4L17.6 12.6L18.6 18.6" {...stroke(0.9, '#c07a00')} />
          <rect x={11.4} y={22} width={9.2} height={2.2} rx={0.6} fill="#9aa5b1" />
          <rect x={12.4} y={24.6} width={7.2} height={2.2} rx={0.6} fill="#7d8896" />
          <path d="M14.2 27.6H17.8" {...stroke(1.2, '#5e6673')} />
        </g>
      );
  }
}

/** The CSS classes the drawing uses for its moving parts. */
export interface EmoticonClasses {
  blink: string;
  drip: string;
  floatParts: string;
  twinkleParts: string;
  flameParts: string;
  spinParts: string;
}

/** The drawing of an emoticon in a 32 x 32 box. */
export function emoticonArt(definition: EmoticonDefinition, classes: EmoticonClasses): ReactNode {
  return definition.art.kind === 'face' ? drawFace(definition.art, classes) : drawSymbol(definition.art.symbol, classes);
}
