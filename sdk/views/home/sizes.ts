/**
 * The cover's drawn proportions (16:10, the CSS aspect-ratio too), given to cover, slide and video as
 * width/height attributes so the browser sizes their box before the image arrives (issue 11); the styles
 * cap the height (COVER_MAX_PX in styles.ts).
 */
export const COVER_SIZE = { width: 1600, height: 1000 } as const;
