import { linkHref, type TrackingLayout } from '../../../domain/tracking-rules';
import { msg, type Lang } from './messages';

export type BrandHeaderProps = {
  layout: TrackingLayout;
  lang: Lang;
  onToggleLang?: () => void;
  /** The seller from the company profile, shown when the layout has no logo. */
  seller?: { name: string; logoUrl: string | null } | null;
};

/** The seller's header: logo, up to five links, in their colours. */
export function BrandHeader({ layout, lang, onToggleLang, seller }: BrandHeaderProps) {
  const links = layout.links.map((l) => ({ ...l, href: linkHref(l.linkURL) })).filter((l) => l.href);
  return (
    <header className="sdt-header" data-testid="brand-header">
      <div className="sdt-header-row">
        {layout.hl ? (
          <img className="sdt-logo" src={layout.hl.url} alt={msg(lang, 'logoAlt')} height={40} decoding="async" />
        ) : seller?.name ? (
          <span className="sdt-header-title sdt-brand" data-testid="seller-name">
            {seller.logoUrl && <img className="sdt-logo" src={seller.logoUrl} alt="" height={32} decoding="async" />}
            <span translate="no">{seller.name}</span>
          </span>
        ) : (
          <span className="sdt-header-title" aria-hidden="true" />
        )}
        {onToggleLang && (
          <button
            type="button"
            className="sdt-lang"
            onClick={onToggleLang}
            lang={lang === 'en' ? 'hi' : 'en'}
            aria-label={msg(lang, 'otherLanguageLabel')}
          >
            {msg(lang, 'otherLanguage')}
          </button>
        )}
      </div>
      {links.length > 0 && (
        <nav aria-label={msg(lang, 'brandLinks')}>
          <ul className="sdt-links">
            {links.map((l) => (
              <li key={l.key}>
                <a href={l.href!} target="_blank" rel="noopener noreferrer">
                  {l.linkName}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </header>
  );
}
