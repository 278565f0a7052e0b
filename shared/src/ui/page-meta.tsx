import { SITE } from '../site';

export interface PageMetaProps {
  title: string;
  description: string;
  /** Asks search engines not to index the page (private or internal pages). */
  noIndex?: boolean;
}

/** Per-page title and description; React 19 hoists these elements into the document head. */
export function PageMeta({ title, description, noIndex = false }: PageMetaProps) {
  return (
    <>
      <title>{`${title} | ${SITE.name}`}</title>
      <meta name="description" content={description} />
      {noIndex && <meta name="robots" content="noindex, nofollow" />}
    </>
  );
}
