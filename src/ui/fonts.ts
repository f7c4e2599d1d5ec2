/**
 * Self-hosted UI fonts (no request leaves the origin). Import once at the entry point:
 * Arabic script from Noto Sans Arabic, Latin from Noto Sans, weights 400 and 600.
 */
import '@fontsource/noto-sans-arabic/arabic-400.css';
import '@fontsource/noto-sans-arabic/arabic-600.css';
import '@fontsource/noto-sans/latin-400.css';
import '@fontsource/noto-sans/latin-600.css';
