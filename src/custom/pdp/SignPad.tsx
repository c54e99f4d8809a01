import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useI18n } from '../../engine/i18n/i18n';
import type { FlowStepProps } from '../../engine/screens/flow/stepProps';
import { Icon } from '../../widgets/Icon';
import { keepAnswers, readAnswers } from './answers';
import { Problem, SigningSheet } from './SigningSheet';
import { useSigningView } from './useSigningView';

type Point = [number, number];
/** a signature spans at least this share of the pad's width or height (the server applies the same rule to the image) */
const MIN_EXTENT = 0.2;
const INK = '#10243e';

/**
 * The signature pad: a finger, a stylus or a mouse draws; strokes can be undone one by one or cleared. What is
 * drawn is checked before going on — an empty pad or a tap is no signature — and kept as a PNG.
 */
export default function SignPad({ send }: FlowStepProps) {
  const { t } = useI18n();
  const { view, error } = useSigningView(send);
  const canvas = useRef<HTMLCanvasElement>(null);
  const strokes = useRef<Point[][]>([]);
  const drawing = useRef(false);
  const [restored, setRestored] = useState(() => readAnswers().signature);
  const [count, setCount] = useState(0);
  const [problem, setProblem] = useState<string>();

  const redraw = () => {
    const c = canvas.current;
    const g = c?.getContext('2d');
    if (!c || !g) return;
    g.clearRect(0, 0, c.width, c.height);
    g.lineWidth = 3 * (window.devicePixelRatio || 1);
    g.lineCap = 'round';
    g.lineJoin = 'round';
    g.strokeStyle = INK;
    for (const s of strokes.current) {
      g.beginPath();
      s.forEach(([x, y], i) => (i ? g.lineTo(x, y) : g.moveTo(x, y)));
      if (s.length === 1) g.lineTo(s[0][0] + 0.1, s[0][1]);
      g.stroke();
    }
  };

  useEffect(() => {
    const c = canvas.current;
    if (!c) return;
    const size = () => {
      const ratio = window.devicePixelRatio || 1;
      const box = c.getBoundingClientRect();
      c.width = Math.round(box.width * ratio);
      c.height = Math.round(box.height * ratio);
      strokes.current = [];
      setCount(0);
    };
    size();
    if (restored) {
      const img = new Image();
      img.onload = () => c.getContext('2d')?.drawImage(img, 0, 0, c.width, c.height);
      img.src = restored;
    }
    // a turned tablet changes the pad's size and the strokes no longer fit it: the guest signs again
    window.addEventListener('resize', size);
    return () => window.removeEventListener('resize', size);
  }, [restored]);

  const at = (e: PointerEvent<HTMLCanvasElement>): Point => {
    const box = e.currentTarget.getBoundingClientRect();
    const ratio = e.currentTarget.width / box.width;
    return [(e.clientX - box.left) * ratio, (e.clientY - box.top) * ratio];
  };
  const down = (e: PointerEvent<HTMLCanvasElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    if (restored) clear();
    drawing.current = true;
    strokes.current.push([at(e)]);
    setProblem(undefined);
    redraw();
  };
  const move = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    strokes.current[strokes.current.length - 1].push(at(e));
    redraw();
  };
  const up = () => {
    if (!drawing.current) return;
    drawing.current = false;
    setCount(strokes.current.length);
  };
  const clear = () => {
    strokes.current = [];
    setCount(0);
    setRestored(undefined);
    keepAnswers({ signature: undefined });
    redraw();
  };
  const undo = () => {
    strokes.current.pop();
    setCount(strokes.current.length);
    redraw();
  };
  const next = () => {
    const c = canvas.current!;
    if (restored) return send({ type: 'NEXT', data: { signed: true } });
    const points = strokes.current.flat();
    const xs = points.map((p) => p[0]);
    const ys = points.map((p) => p[1]);
    const wide =
      points.length > 0 &&
      ((Math.max(...xs) - Math.min(...xs)) / c.width >= MIN_EXTENT || (Math.max(...ys) - Math.min(...ys)) / c.height >= MIN_EXTENT);
    if (!points.length) return setProblem(t('signing.padEmpty'));
    if (points.length < 10 || !wide) return setProblem(t('signing.padTooSmall'));
    keepAnswers({ signature: c.toDataURL('image/png') });
    send({ type: 'NEXT', data: { signed: true } });
  };

  return (
    <SigningSheet
      hotel={view?.hotel}
      title={t('signing.padTitle')}
      actions={
        <button type="button" className="btn btn-primary btn-lg" onClick={next} data-testid="pdp-next">
          {t('signing.continue')} <Icon name="chevron-right" />
        </button>
      }
    >
      <Problem text={error} />
      <p>{t('signing.padHint', { name: view?.registration.guest ?? '' })}</p>
      <div className="pdp-pad">
        <canvas
          ref={canvas}
          data-testid="pdp-pad"
          aria-label={t('signing.padTitle')}
          onPointerDown={down}
          onPointerMove={move}
          onPointerUp={up}
          onPointerCancel={up}
        />
        <span className="pdp-pad-line" aria-hidden="true">
          ✕
        </span>
      </div>
      <div className="row pdp-pad-tools">
        <button type="button" className="btn" onClick={undo} disabled={!count} data-testid="pdp-undo">
          <Icon name="undo" size="sm" /> {t('signing.undo')}
        </button>
        <button type="button" className="btn" onClick={clear} disabled={!count && !restored} data-testid="pdp-clear">
          <Icon name="rotate-ccw" size="sm" /> {t('signing.clear')}
        </button>
      </div>
      <Problem text={problem} />
    </SigningSheet>
  );
}
