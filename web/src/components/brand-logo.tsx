import type { ComponentProps } from 'react';
import { Link } from 'react-router-dom';
import { BRAND_LINK_CLASS, BrandMark } from './brand-mark';

/** The product mark and name, linking to the landing page. */
export function BrandLogo(props: ComponentProps<typeof BrandMark>) {
  return (
    <Link to="/" className={BRAND_LINK_CLASS}>
      <BrandMark {...props} />
    </Link>
  );
}
