/** A promotion banner of the invite or refund pages: an image and server html (sanitized when shown). */
export interface Banner {
  image: string;
  html: string;
}
